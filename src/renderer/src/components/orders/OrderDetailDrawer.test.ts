import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderDetail, OrderRow } from '@shared/ipc'
import { orderDetail, orderRow } from '@renderer/stores/orders.fixtures'
import { useOrderDetailStore } from '@renderer/stores/order-detail'
import OrderDetailDrawer from './OrderDetailDrawer.vue'

let wrapper: VueWrapper | undefined

type DrawerState = {
  row: OrderRow | null
  detail: OrderDetail | null
  loading: boolean
  privileged: boolean
}

/** Opens order 42 in the order-detail store, with `state` over a loaded, privileged view. */
function open(state: Partial<DrawerState> = {}) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const { privileged, ...order } = {
    row: orderRow(42),
    detail: orderDetail(42),
    loading: false,
    privileged: true,
    ...state,
  }
  Object.assign(useOrderDetailStore(), { contributionId: 42, ...order })
  wrapper = mount(OrderDetailDrawer, {
    attachTo: document.body,
    props: { privileged },
    global: { plugins: [pinia] },
  })
  return document.body
}

describe('OrderDetailDrawer', () => {
  afterEach(() => {
    wrapper?.unmount()
    document.body.innerHTML = ''
  })

  it('shows the order with its formatted address, one line each', () => {
    const body = open()
    const dialog = body.querySelector('[role="dialog"][aria-label="Order details"]')
    expect(dialog).not.toBeNull()
    expect(dialog!.textContent).toContain('Order #42')
    const address = body.querySelector('[data-testid="shipping-address"]')
    expect([...address!.children].map((line) => line.textContent)).toEqual([
      'Ada Lovelace',
      '12 Harbour Road',
      '24103 Kiel',
      'Germany',
    ])
    const text = dialog!.textContent ?? ''
    for (const field of [
      '5042',
      'In fulfillment',
      'ada@example.test',
      'Credit card',
      'Ada Lovelace',
      '(shown as Ada L.)',
      '49.50',
      'Core Game',
      '2 × Tidepool T-Shirt',
      'TEE (Size: M, Colour: Black)',
      '+49 431 000000',
    ]) {
      expect(text).toContain(field)
    }
  })

  it('dates the pledge by its own calendar day and names the currency the row carries', () => {
    const detail = orderDetail(42)
    const late = {
      ...detail,
      contribution: {
        ...detail.contribution,
        // 06:34 on 1 March in UTC, but 28 February where it was pledged, as the slip says.
        created_at: '2026-02-28T22:34:00-08:00',
        currency: { iso_code: 'EUR', symbol: '€' },
        payment_method: 'wire_thing',
      },
    }
    const values = [...open({ detail: late }).querySelectorAll('dd')].map((dd) =>
      dd.textContent?.trim(),
    )
    expect(values).toEqual(
      expect.arrayContaining(['Feb 28, 2026', expect.stringMatching(/^€49[.,]50\b/), 'Wire thing']),
    )
  })

  it('flags an item PerkPack cannot read, and keeps the order and its other items', () => {
    const detail = orderDetail(42)
    const [perk] = detail.contribution.order.perks
    const flagged = {
      ...detail,
      contribution: {
        ...detail.contribution,
        order: {
          ...detail.contribution.order,
          perks: [
            {
              ...perk!,
              unreadable_items: [
                {
                  index: 1,
                  reason: 'no-sku' as const,
                  name: 'Enamel pin',
                  sku_code: null,
                  choices: [{ name: 'Colour', value: 'Gold' }],
                  quantity: 1,
                  problems: [{ path: 'items[1].sku', message: 'missing (null)' }],
                },
              ],
            },
          ],
        },
      },
    }
    const dialog = open({ detail: flagged }).querySelector('[role="dialog"]')!
    expect(dialog.querySelector('.by-hand-note')?.textContent?.trim()).toBe(
      '1 item without a SKU: check by hand when packing. The order still ships; its slip lists the item.',
    )
    const items = [...dialog.querySelectorAll('.perk li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    )
    expect(items).toEqual([
      '2 × Tidepool T-Shirt TEE (Size: M, Colour: Black)',
      '1 × Enamel pin no SKU Colour: Gold · check by hand',
    ])
  })

  it("shows the amount in the campaign's currency when the row names none, or its code", () => {
    const detail = { ...orderDetail(42), currency: { iso_code: 'GBP', symbol: '£' } }
    const values = (body: HTMLElement) =>
      [...body.querySelectorAll('dd')].map((dd) => dd.textContent?.trim())
    expect(values(open({ detail }))).toContain('£49.50')
    wrapper?.unmount()
    const coded = { ...detail, contribution: { ...detail.contribution, currency_code: 'USD' } }
    expect(values(open({ detail: coded }))).toContain('49.50 USD')
  })

  it('explains a hidden address to an unprivileged session', () => {
    const body = open({ detail: orderDetail(42, []), privileged: false })
    expect(body.querySelector('[data-testid="shipping-address"]')).toBeNull()
    expect(body.textContent).toContain('Hidden: sign in with your e-mail to see addresses')
  })

  it('shows a dash for every field the API left out, never "null" or a blank', () => {
    const detail = orderDetail(42)
    const c = detail.contribution
    const bare = {
      ...detail,
      contribution: {
        id: c.id,
        by: '  ',
        contributor_name: null,
        email: '',
        payment_method: null,
        order: {
          ...c.order,
          sequence_number: null,
          shipping: { name: 'Ada Lovelace', phone_number: '   ' },
          perks: c.order.perks.map((perk) => ({ ...perk, label: ' ' })),
        },
      },
    }
    const row = { ...orderRow(42), sequenceNumber: null }
    const dialog = open({ row, detail: bare }).querySelector('[role="dialog"]')
    expect(dialog!.textContent).toContain('Order ID 5042')
    const values = [...dialog!.querySelectorAll('.order-detail-body dd')].map((dd) =>
      dd.textContent?.trim(),
    )
    // Order id, number, status, created, amount, backer, e-mail, payment, account: no phone.
    expect(values).toEqual(['5042', '—', 'In fulfillment', '—', '—', '—', '—', '—', '—'])
    // The packing floor of an order nothing happened to: a stage and dashes, nothing blank.
    const floor = [...dialog!.querySelectorAll('.order-floor dd')].map((dd) =>
      dd.textContent?.trim(),
    )
    expect(floor).toEqual(['Not packed', '—', '—', '—'])
    const text = dialog!.textContent ?? ''
    expect(text).not.toMatch(/\b(null|undefined|NaN)\b|shown as/)
    const perkTitles = [...dialog!.querySelectorAll('h4')].map((h) => h.textContent)
    expect(perkTitles).toEqual(c.order.perks.map((perk) => `Perk ${perk.id}`))
  })

  it('titles itself from the row while the detail loads', () => {
    const body = open({ detail: null, loading: true })
    expect(body.textContent).toContain('Order #42')
    expect(body.textContent).toContain('Loading order')
  })
})
