import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import type { WaveParcelRow, WaveSummary } from '@shared/ipc'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import { useWavesStore } from '@renderer/stores/waves'
import WaveList from './WaveList.vue'
import WavePlanner from './WavePlanner.vue'

const wave = (name: string, status: WaveSummary['status']): WaveSummary => ({
  name,
  status,
  orderCount: 40,
  packedCount: 12,
  partialCount: 0,
  followUnits: 0,
  createdAt: '2024-05-01T12:00:00.000Z',
  createdBy: 'Desk A',
  closedAt: null,
})

describe('WaveList', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows each wave with its counts, and closes an open one only after the question', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = useWavesStore(pinia)
    store.waves = [wave('Old', 'closed'), wave('March', 'open')]
    const wrapper = mountWithProviders(WaveList, { pinia })
    await flushPromises()
    const items = wrapper.findAll('li.wave')
    expect(items.map((item) => item.find('.name').text())).toEqual(['March', 'Old'])
    expect(items[0]!.text()).toContain('12 of 40 orders packed')
    // Only the open wave has a close button.
    expect(items[1]!.find('button').exists()).toBe(false)

    buttonByName('Close…').click()
    await flushPromises()
    expect(store.close).not.toHaveBeenCalled()
    expect(document.body.textContent).toContain('Close the wave “March”?')
    buttonByName('Close the wave').click()
    await flushPromises()
    expect(store.close).toHaveBeenCalledWith('March')
  })
})

const mug = (quantity: number) => ({
  variantKey: 'MUG|Colour=Blue',
  skuCode: 'MUG',
  itemName: 'Mug',
  choices: [{ name: 'Colour', value: 'Blue' }],
  quantity,
})
const pin = { variantKey: 'PIN', skuCode: 'PIN', itemName: 'Pin', choices: [], quantity: 2 }
const parcelRow = (n: number, extra: Partial<WaveParcelRow> = {}): WaveParcelRow => ({
  orderId: 7000 + n,
  orderNumber: `#${n}`,
  recipient: `Backer ${n}`,
  lines: [pin],
  follows: [mug(1)],
  sent: [],
  ...extra,
})

describe('WaveList, a wave shipping in part', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it("opens its orders in part: each parcel's items and what follows in the slip's words", async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = useWavesStore(pinia)
    store.waves = [wave('Whole', 'open'), { ...wave('March', 'open'), partialCount: 3 }]
    const wrapper = mountWithProviders(WaveList, { pinia })
    await flushPromises()
    // Only the wave with orders in part offers them.
    const items = wrapper.findAll('li.wave')
    expect(items[0]!.text()).toContain('Orders in part…')
    expect(items[1]!.text()).not.toContain('Orders in part…')
    buttonByName('Orders in part…').click()
    expect(store.showParcels).toHaveBeenCalledWith('March')

    store.parcels = {
      name: 'March',
      partialCount: 3,
      rows: [parcelRow(4), parcelRow(9, { recipient: null, follows: [], sent: [mug(2)] })],
    }
    await flushPromises()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.getAttribute('aria-label')).toBe('Orders of “March” shipping in part')
    expect(dialog.querySelector('[data-testid="wave-parcels-count"]')!.textContent).toBe(
      '3 orders ship in part. The first 2 by order number are listed.',
    )
    const rows = [...dialog.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
    )
    expect(rows).toEqual([
      ['#4', 'Backer 4', '2 × Pin', 'To follow in a later parcel: 1 × Mug — Colour: Blue'],
      ['#9', '—', '2 × Pin', 'Sent earlier: 2 × Mug — Colour: Blue'],
    ])
    buttonByName('Close').click()
    await flushPromises()
    expect(store.showParcels).toHaveBeenLastCalledWith(null)
  })
})

describe('WavePlanner', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('saves a proposal only once it has a name', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = useWavesStore(pinia)
    store.proposal = {
      priority: 'order-number',
      partial: false,
      orderIds: [1, 2, 3],
      partialOrders: 0,
      units: 6,
      waiting: 2,
      short: [
        {
          variantKey: 'TEE|Size=M',
          skuCode: 'TEE',
          choicesText: 'Size: M',
          itemName: 'T-shirt',
          needed: 8,
          onHand: 6,
          short: 2,
        },
      ],
    }
    const wrapper = mountWithProviders(WavePlanner, { pinia })
    await flushPromises()
    expect(wrapper.find('[data-testid="wave-proposal"]').text()).toBe(
      '3 orders · 6 units · 2 orders wait',
    )
    expect(wrapper.find('[data-testid="wave-short"]').text()).toContain('T-shirt · Size: M')
    expect(buttonByName('Save as wave').disabled).toBe(true)
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Wave name"]')!
    input.value = 'March batch'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await flushPromises()
    expect(buttonByName('Save as wave').disabled).toBe(false)
    buttonByName('Save as wave').click()
    await flushPromises()
    expect(store.save).toHaveBeenCalledWith('March batch')
  })
})
