import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { orderRow } from '@renderer/stores/orders.fixtures'
import OrdersTable from './OrdersTable.vue'

const ROWS = [orderRow(1), orderRow(2), orderRow(3)]

/** The table waiting for the view's first answer, as the Orders view shows it on a first open. */
function mountWaiting() {
  return mount(OrdersTable, {
    props: { count: 0, rowAt: () => undefined, resultKey: null, loading: true },
    // Vue's own transitions, as in the app: a leaving one forces a layout of the window.
    global: { stubs: { transition: false } },
    attachTo: document.body,
  })
}

describe('OrdersTable', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows a spinner over the faded table until the first rows come', async () => {
    const wrapper = mountWaiting()
    expect(wrapper.find('.orders-loading.n-spin-body').exists()).toBe(true)
    expect(wrapper.get('.orders-table').classes()).toContain('waiting')
    await wrapper.setProps({
      count: 3,
      rowAt: (i: number) => ROWS[i],
      resultKey: 1,
      loading: false,
    })
    expect(wrapper.find('.n-spin-body').exists()).toBe(false)
    expect(wrapper.get('.orders-table').classes()).not.toContain('waiting')
    expect(wrapper.findAll('.order-row')).toHaveLength(3)
    wrapper.unmount()
  })

  it('draws its first rows without forcing a layout of the window', async () => {
    const wrapper = mountWaiting()
    // Vue's transitions read the body's offsetHeight to force a layout (forceReflow).
    const reads = vi.spyOn(document.body, 'offsetHeight', 'get')
    await wrapper.setProps({
      count: 3,
      rowAt: (i: number) => ROWS[i],
      resultKey: 1,
      loading: false,
    })
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(wrapper.findAll('.order-row')).toHaveLength(3)
    expect(reads).not.toHaveBeenCalled()
    wrapper.unmount()
  })
})
