import { describe, expect, it, vi } from 'vitest'
import { createTestingPinia } from '@pinia/testing'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import ProgressTotals from './ProgressTotals.vue'

const totals = { toShip: 10, printed: 4, packed: 3, shipped: 1 }

describe('ProgressTotals', () => {
  it('names the orders shipping in part and the items still to follow, only when there are some', () => {
    const partial = mountWithProviders(ProgressTotals, {
      pinia: createTestingPinia({ createSpy: vi.fn }),
      props: { totals, toFollow: { orders: 2, items: 5 } },
    })
    expect(partial.find('[data-testid="progress-to-follow"]').text()).toBe(
      'Shipping in part: 2 orders with 5 items to follow in a later parcel.',
    )
    const whole = mountWithProviders(ProgressTotals, {
      pinia: createTestingPinia({ createSpy: vi.fn }),
      props: { totals, toFollow: { orders: 0, items: 0 } },
    })
    expect(whole.find('[data-testid="progress-to-follow"]').exists()).toBe(false)
  })
})
