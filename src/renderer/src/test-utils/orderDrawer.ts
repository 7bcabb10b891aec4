import { afterEach, beforeEach } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { Pinia } from 'pinia'
import type { OrderDetail } from '@shared/ipc'
import OrderDetailDrawer from '@renderer/components/orders/OrderDetailDrawer.vue'
import { orderRow, queryResult, snapshot } from '@renderer/stores/orders.fixtures'
import { useOrderDetailStore } from '@renderer/stores/order-detail'
import { useOrdersStore } from '@renderer/stores/orders'
import { fakeBridge } from './fakeBridge'

/**
 * The order drawer of order 42 of campaign 1001, mounted on the page with a fresh Pinia per test
 * (and taken down after it): `openDrawer(detail, handlers)` answers the detail and the bridge
 * calls a test names.
 */
export function useOrderDrawer() {
  let wrapper: VueWrapper | undefined
  let pinia: Pinia
  beforeEach(() => {
    pinia = createPinia()
    setActivePinia(pinia)
  })
  afterEach(() => {
    wrapper?.unmount()
    document.body.innerHTML = ''
  })

  return async function openDrawer(
    first: OrderDetail,
    handlers: Parameters<typeof fakeBridge>[0] = {},
  ) {
    const bridge = fakeBridge({
      openOrders: ({ campaignId }) => snapshot([orderRow(42)], campaignId),
      queryOrders: () => queryResult([orderRow(42)]),
      orderDetail: () => first,
      ...handlers,
    })
    await useOrdersStore().open(1001)
    await useOrderDetailStore().open(42)
    wrapper = mount(OrderDetailDrawer, {
      attachTo: document.body,
      props: { privileged: true },
      global: { plugins: [pinia] },
    })
    await flushPromises()
    return bridge
  }
}

export const byTestId = (id: string) =>
  document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)

export const input = (label: string) =>
  document.body.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[aria-label="${label}"]`)!

/** Types `value` into the field of that label, as a person's input event does. */
export async function type(label: string, value: string): Promise<void> {
  const field = input(label)
  field.value = value
  field.dispatchEvent(new Event('input'))
  await flushPromises()
}
