import { describe, expect, it } from 'vitest'
import { ordersText } from '../../../src/shared/export/check-text'
import { plural } from '../../../src/shared/format/counts'

describe('counts in sentences', () => {
  it('group thousands as the figures above them do, in the checks too', () => {
    expect(ordersText(2021)).toBe('2,021 orders')
    expect(plural(1, 'order')).toBe('1 order')
    expect(plural(1234567, 'unit')).toBe('1,234,567 units')
  })
})
