import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Reship } from '@shared/corrections/correction-types'
import type { OrderDetail } from '@shared/ipc'
import { deferred, orderDetail } from '@renderer/stores/orders.fixtures'
import { byTestId, input, type, useOrderDrawer } from '@renderer/test-utils/orderDrawer'

// The drawer's reships (issue 28): the form (the whole order at first, a reason required, sent by
// a click only, once: Enter, as a scanner ends a barcode, sends nothing), the list main answers
// with, tracking and the PDFs.

const TEE = 'TEE|Colour=Black|Size=M'

/** Order 42 with a second item: 2 T-shirts and 1 mug. */
function twoItems(reships: Reship[] = []): OrderDetail {
  const detail = orderDetail(42)
  const perk = detail.contribution.order.perks[0]!
  perk.items.push({
    id: 2,
    name: 'Tidepool Mug',
    quantity: 1,
    sku: { id: 10, code: 'MUG', choices: [] },
  })
  return { ...detail, reships }
}

const RESHIP: Reship = {
  id: 3,
  orderId: 5042,
  items: [{ variantKey: TEE, quantity: 2 }],
  reason: 'lost in transit',
  trackingNumbers: [],
  by: 'Desk A',
  at: '2026-11-20T10:42:00Z',
}

const enter = (label: string) =>
  input(label).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))

const openDrawer = useOrderDrawer()

describe('the drawer makes a reship', () => {
  it('offers the whole order, needs a reason, sends nothing on Enter and one reship for a double click', async () => {
    const answer = deferred<OrderDetail>()
    const bridge = await openDrawer(twoItems(), { reshipOrder: () => answer.promise })
    byTestId('new-reship')!.click()
    await flushPromises()
    const lines = document.body.querySelectorAll('[data-testid="reship-line"]')
    expect([...lines].map((line) => line.textContent)).toEqual([
      expect.stringContaining('of 1'),
      expect.stringContaining('of 2'),
    ])
    expect(input('How many of MUG · Tidepool Mug').value).toBe('1')
    const confirm = byTestId('confirm-reship') as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    expect(confirm.textContent).toContain('Reship 3 units')

    await type('How many of MUG · Tidepool Mug', '0')
    input('How many of MUG · Tidepool Mug').dispatchEvent(new Event('blur'))
    await type('Reason for the reship', ' lost in transit ')
    // A scanner's Enter in the reason and in a quantity: nothing is sent.
    enter('Reason for the reship')
    enter('How many of MUG · Tidepool Mug')
    await flushPromises()
    expect(bridge.calls.reshipOrder).not.toHaveBeenCalled()
    // A double click before main answers: one reship.
    confirm.click()
    confirm.click()
    await flushPromises()
    expect(bridge.calls.reshipOrder).toHaveBeenCalledTimes(1)
    expect(bridge.calls.reshipOrder).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 42,
      items: [{ variantKey: TEE, quantity: 2 }],
      reason: 'lost in transit',
      requestKey: expect.any(String),
    })

    answer.resolve(twoItems([RESHIP]))
    await flushPromises()
    const entry = byTestId('reship-3')!
    expect(entry.textContent).toContain('2 × TEE · Tidepool T-Shirt')
    expect(entry.textContent).toContain('lost in transit')
    expect(entry.textContent).toContain('Desk A')
    expect(byTestId('confirm-reship')).toBeNull()
  })
})

describe("a reship's tracking and PDFs", () => {
  it('adds a tracking number and saves the label, saying where', async () => {
    const tracked = { ...RESHIP, trackingNumbers: ['1Z999AA10123456784'] }
    const bridge = await openDrawer(twoItems([RESHIP]), {
      addReshipTracking: () => twoItems([tracked]),
      saveReshipPdf: () => ({ path: '/tmp/reship-3-order-42-label.pdf' }),
    })
    expect(byTestId('reship-tracking')?.textContent).toContain('none yet')
    await type('Tracking number of reship 3', '1Z999AA10123456784')
    enter('Tracking number of reship 3')
    await flushPromises()
    expect(bridge.calls.addReshipTracking).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 42,
      reshipId: 3,
      trackingNumber: '1Z999AA10123456784',
    })
    expect(byTestId('reship-tracking')?.textContent).toContain('1Z999AA10123456784')

    const save = [...byTestId('reship-3')!.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Save label'),
    )!
    save.click()
    await flushPromises()
    expect(bridge.calls.saveReshipPdf).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 42,
      reshipId: 3,
      document: 'label',
    })
    expect(byTestId('reship-saved')?.textContent).toContain('reship-3-order-42-label.pdf')
  })
})
