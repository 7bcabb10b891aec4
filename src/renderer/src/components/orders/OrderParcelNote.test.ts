import { describe, expect, it } from 'vitest'
import { orderDetail } from '@renderer/stores/orders.fixtures'
import { byTestId, useOrderDrawer } from '@renderer/test-utils/orderDrawer'

// An order shipping in part shows its parcel's items; the drawer says what follows and what went
// before, in the words of the parcel's packing slip.

const openDrawer = useOrderDrawer()
const line = (itemName: string, quantity: number, choices: { name: string; value: string }[]) => ({
  variantKey: itemName,
  skuCode: itemName.toUpperCase(),
  itemName,
  choices,
  quantity,
})

describe('the drawer of an order shipping in part', () => {
  it('says what a later parcel carries and what went earlier', async () => {
    await openDrawer({
      ...orderDetail(42),
      parcel: {
        follows: [line('Tidepool Mug', 1, [{ name: 'Colour', value: 'Blue' }])],
        sent: [line('Enamel Pin', 2, [])],
      },
    })
    const note = byTestId('parcel-note')
    expect(note?.textContent).toContain('Ships in part: 1 item to follow')
    expect(note?.textContent).toContain(
      'To follow in a later parcel: 1 × Tidepool Mug — Colour: Blue',
    )
    expect(note?.textContent).toContain('Sent earlier: 2 × Enamel Pin')
  })

  it('says nothing for a whole order', async () => {
    await openDrawer({ ...orderDetail(43), parcel: null })
    expect(byTestId('parcel-note')).toBeNull()
  })
})
