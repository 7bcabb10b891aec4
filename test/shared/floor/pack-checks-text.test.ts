import { describe, expect, it } from 'vitest'
import { packedButStoppedText } from '../../../src/shared/floor/pack-checks'

describe('packed boxes a sync stopped', () => {
  it('words the stopped boxes for one and for several orders', () => {
    expect(packedButStoppedText(1)).toBe(
      '1 packed order was refunded, put on hold or found unprocessable at the last sync: take it off the outgoing pile.',
    )
    expect(packedButStoppedText(3)).toBe(
      '3 packed orders were refunded, put on hold or found unprocessable at the last sync: take them off the outgoing pile.',
    )
  })
})
