import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import StoppedOrdersAlert from './StoppedOrdersAlert.vue'

const stopped = (n: number, from = 100) =>
  Array.from({ length: n }, (_, i) => ({
    sequenceNumber: from + i,
    orderId: 1873200 + from + i,
    contributionId: 5000 + from + i,
  }))

describe('StoppedOrdersAlert', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it("starts short again for a later sync's list after 'Show all'", async () => {
    const wrapper = mount(StoppedOrdersAlert, {
      props: { orders: stopped(30) },
      global: { plugins: [createTestingPinia({ createSpy: vi.fn })] },
      attachTo: document.body,
    })
    const orderButtons = () => wrapper.findAll('button[data-contribution-id]')
    expect(orderButtons()).toHaveLength(12)
    await wrapper.findAll('button').at(-1)!.trigger('click')
    expect(orderButtons()).toHaveLength(30)

    await wrapper.setProps({ orders: stopped(20, 500) })
    await flushPromises()
    expect(orderButtons()).toHaveLength(12)
    expect(wrapper.text()).toContain('Show all 20')
  })
})
