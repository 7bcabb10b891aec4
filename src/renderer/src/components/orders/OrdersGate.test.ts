import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import OrdersGate from './OrdersGate.vue'

function emptyText(session: { signedIn: boolean; workingOffline: boolean }): string {
  const pinia = createTestingPinia({ createSpy: vi.fn, initialState: { session } })
  const wrapper = mount(OrdersGate, {
    props: { purpose: 'see its orders', errorTitle: 'Orders' },
    global: { plugins: [pinia] },
  })
  return wrapper.get('.empty').text()
}

describe('OrdersGate', () => {
  it('says how to get orders: a sync when signed in, a dashboard file when working offline', () => {
    expect(emptyText({ signedIn: true, workingOffline: false })).toBe(
      'Open a campaign and sync it to see its orders.',
    )
    const offline = emptyText({ signedIn: false, workingOffline: true })
    expect(offline).toBe('Import a campaign’s dashboard file (Campaigns) to see its orders.')
    expect(offline).not.toMatch(/sync/i)
  })
})
