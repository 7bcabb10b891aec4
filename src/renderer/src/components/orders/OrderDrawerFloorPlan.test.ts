import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { AddressCorrection } from '@shared/corrections/correction-types'
import type { OrderDetail } from '@shared/ipc'
import { orderDetail } from '@renderer/stores/orders.fixtures'
import { byTestId, input, type, useOrderDrawer } from '@renderer/test-utils/orderDrawer'

// The drawer's hold and address correction (issue 28): what the person does, what main is
// asked, and what the drawer shows of main's answer.

const CORRECTION: AddressCorrection = {
  orderId: 5042,
  address: {
    name: 'Ada Lovelace',
    address: '7 New Street',
    address2: null,
    city: 'Lübeck',
    state: null,
    zipcode: '23552',
    country: 'DE',
    phone_number: null,
  },
  reason: 'backer e-mailed a new address',
  platformAddress: null,
  by: 'Desk A',
  at: '2026-11-20T10:42:00Z',
}

function corrected(platformChanged: boolean): OrderDetail {
  return {
    ...orderDetail(42, ['Ada Lovelace', '7 New Street', '23552 Lübeck', 'Germany']),
    correction: {
      ...CORRECTION,
      platformChanged,
      syncedAddressLines: ['Ada Lovelace', '12 Harbour Road', '24103 Kiel', 'Germany'],
    },
  }
}

async function click(id: string): Promise<void> {
  byTestId(id)!.click()
  await flushPromises()
}

const openDrawer = useOrderDrawer()

describe('the drawer holds and releases an order', () => {
  it('asks for a reason, sends it, and shows the hold main answers with', async () => {
    const held: OrderDetail = {
      ...orderDetail(42),
      hold: {
        orderId: 5042,
        reason: 'customs question',
        by: 'Desk A',
        at: '2026-11-20T10:42:00Z',
        releasedAt: null,
        releasedBy: null,
      },
    }
    const bridge = await openDrawer(orderDetail(42), {
      holdOrder: () => held,
      releaseOrder: () => orderDetail(42),
    })
    await click('hold-order')
    expect((byTestId('confirm-hold') as HTMLButtonElement).disabled).toBe(true)
    await type('Reason for the hold', '  customs question ')
    await click('confirm-hold')
    expect(bridge.calls.holdOrder).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 42,
      reason: 'customs question',
    })
    expect(byTestId('order-held')?.textContent).toContain('customs question')

    await click('release-order')
    expect(bridge.calls.releaseOrder).toHaveBeenCalledWith({ campaignId: 1001, contributionId: 42 })
    expect(byTestId('order-held')).toBeNull()
  })
})

describe('the drawer corrects an address', () => {
  it('fills the fields from a pasted e-mail, needs a reason, and sends the parts', async () => {
    const bridge = await openDrawer(orderDetail(42), { correctAddress: () => corrected(false) })
    await click('correct-address')
    await type('Pasted address', 'Ada Lovelace\n7 New Street\n23552 Lübeck\nGermany')
    await click('read-pasted')
    expect(input('Street and number').value).toBe('7 New Street')
    expect(input('City').value).toBe('Lübeck')
    expect(byTestId('correction-missing')?.textContent).toContain('Say why')
    expect((byTestId('save-correction') as HTMLButtonElement).disabled).toBe(true)

    await type('Reason for the correction', 'backer e-mailed a new address')
    await click('save-correction')
    expect(bridge.calls.correctAddress).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 42,
      address: CORRECTION.address,
      reason: 'backer e-mailed a new address',
    })
    expect(byTestId('shipping-address')?.textContent).toContain('7 New Street')
    expect(byTestId('correction-note')?.textContent).toContain('12 Harbour Road')
  })

  it('shows both addresses after a platform change and sends the choice', async () => {
    const bridge = await openDrawer(corrected(true), {
      resolveAddressChange: () => corrected(false),
    })
    const alert = byTestId('address-changed')!
    expect(alert.textContent).toContain('7 New Street')
    expect(alert.textContent).toContain('12 Harbour Road')
    const keep = [...alert.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Keep my correction'),
    )!
    keep.click()
    await flushPromises()
    expect(bridge.calls.resolveAddressChange).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 42,
      keep: 'correction',
    })
    expect(byTestId('address-changed')).toBeNull()
  })
})
