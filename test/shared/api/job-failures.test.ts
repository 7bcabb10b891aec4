import { describe, expect, it } from 'vitest'
import { jobFailures } from '../../../src/shared/api/job-failures'

describe('the orders a batch job could not update', () => {
  it('reads a list of failed orders under the names such lists go by', () => {
    expect(
      jobFailures({ status: 'failed', errors: [{ order_id: 81700231, message: ' Bad carrier ' }] }),
    ).toEqual([{ orderId: 81700231, message: 'Bad carrier' }])
    expect(jobFailures({ failed_orders: ['81700232', 81700233] })).toEqual([
      { orderId: 81700232, message: '' },
      { orderId: 81700233, message: '' },
    ])
    expect(jobFailures({ failures: [{ order: { id: 7 }, reason: 'Refunded' }] })).toEqual([
      { orderId: 7, message: 'Refunded' },
    ])
  })

  it('skips what names no order, and a status without a list names none', () => {
    expect(
      jobFailures({ errors: [{ message: 'no id' }, null, 'x', { order_id: -3 }, 12] }),
    ).toEqual([{ orderId: 12, message: '' }])
    expect(jobFailures({ status: 'failed', message: 'Failed', errors: 'many' })).toEqual([])
    expect(jobFailures(null)).toEqual([])
  })
})
