import { describe, expect, it } from 'vitest'
import { batchStateText, codeWords } from '../../../src/shared/format/code-words'

describe('codes in words', () => {
  it('reads a code of any case and separator as a sentence-case phrase', () => {
    expect(codeWords('refund_pending')).toBe('Refund pending')
    expect(codeWords('PARTIALLY_REFUNDED')).toBe('Partially refunded')
    expect(codeWords('charge-back ')).toBe('Charge back')
    expect(codeWords('disputed')).toBe('Disputed')
  })

  it('keeps what someone already wrote as words', () => {
    expect(codeWords('PayPal')).toBe('PayPal')
    expect(codeWords('Refund  pending')).toBe('Refund pending')
    expect(codeWords('  ')).toBe('')
  })
})

describe('batch job states', () => {
  it('names each state the API lists, a new one in words, and none yet', () => {
    expect(batchStateText('queued')).toBe('Queued')
    expect(batchStateText('killed')).toBe('Stopped')
    expect(batchStateText('FAILED')).toBe('Failed')
    expect(batchStateText('partially_failed')).toBe('Partially failed')
    expect(batchStateText(undefined)).toBe('Waiting')
  })
})
