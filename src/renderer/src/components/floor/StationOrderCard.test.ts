import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { blankFloorState } from '@shared/floor/order-state'
import { stationOrder } from '@renderer/stores/floor-station.fixtures'
import { useFloorStationStore } from '@renderer/stores/floor-station'
import StationOrderCard from './StationOrderCard.vue'

let wrapper: VueWrapper | undefined

/** The card on a station store holding an order of two shirts and a mug, one shirt in the box. */
function mountCard(patch: Record<string, unknown> = {}) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const station = useFloorStationStore()
  Object.assign(station, { order: stationOrder(70001, 1), ticks: { 'SHIRT|M': 1 }, ...patch })
  const tick = vi.fn(async () => {})
  station.tick = tick
  const onHighlight = vi.fn()
  wrapper = mount(StationOrderCard, {
    attachTo: document.body,
    props: { highlighted: 0, 'onUpdate:highlighted': onHighlight },
    global: { plugins: [pinia] },
  })
  return { tick, onHighlight }
}

describe('StationOrderCard', () => {
  afterEach(() => {
    wrapper?.unmount()
    document.body.innerHTML = ''
  })

  it("shows the station's open order: recipient, country and units in the box", () => {
    mountCard()
    const card = wrapper!.get('[aria-label="Order on the station"]')
    expect(card.find('.recipient').text()).toBe('Ada Lovelace')
    expect(card.find('.country').text()).toContain('(GB)')
    expect(card.get('[data-testid="station-progress"] .units').text()).toBe('1 of 3')
    expect(card.get('tr[aria-label="T-Shirt: 1 of 2"]').classes()).toContain('highlighted')
  })

  it("shows every order's status in words, red when it does not ship", () => {
    mountCard()
    const captured = wrapper!.get('[data-testid="station-status"]')
    expect(captured.text()).toBe('Captured')
    expect(captured.attributes('data-tone')).toBe('info')
    wrapper!.unmount()
    mountCard({ order: stationOrder(70001, 1, { status: 'chargeback' }) })
    const disputed = wrapper!.get('[data-testid="station-status"]')
    expect(disputed.text()).toBe('Chargeback')
    expect(disputed.attributes('data-tone')).toBe('error')
  })

  it('an order packed before shows who packed it and when, and no box to tick', () => {
    const floor = { ...blankFloorState(70001), packedAt: '2026-11-20T10:42:00Z', station: 'Desk B' }
    mountCard({ phase: 'packed', ticks: {}, order: stationOrder(70001, 1, { floor }) })
    expect(wrapper!.get('[data-testid="station-packed-by"]').text()).toBe('Desk B')
    expect(wrapper!.get('[data-testid="station-packed-at"]').text()).toMatch(/2026/)
    expect(wrapper!.get('[aria-label="What the box holds"]').text()).toContain('T-Shirt')
    expect(wrapper!.find('[data-testid="station-progress"]').exists()).toBe(false)
    expect(wrapper!.find('button[aria-label="One Mug more"]').exists()).toBe(false)
  })

  it('an order shipping in part says how many items follow, and which, above its checklist', () => {
    const line = (itemName: string, quantity: number) => ({
      variantKey: `${itemName}|`,
      skuCode: itemName.toUpperCase(),
      itemName,
      choices: [],
      quantity,
    })
    mountCard({
      order: {
        ...stationOrder(70001, 1),
        parcel: { follows: [line('Poster', 2), line('Pin', 1)], sent: [line('Sticker', 1)] },
      },
    })
    const note = wrapper!.get('[data-testid="station-parcel-note"]')
    expect(note.text()).toContain('Ships in part: 3 items to follow')
    expect(note.text()).toContain('To follow in a later parcel: 2 × Poster, 1 × Pin')
    expect(note.text()).toContain('Sent earlier: 1 × Sticker')
    wrapper!.unmount()
    // The last parcel: nothing follows.
    mountCard({
      order: { ...stationOrder(70001, 1), parcel: { follows: [], sent: [line('Poster', 2)] } },
    })
    expect(wrapper!.get('[data-testid="station-parcel-note"]').text()).toContain(
      'Ships in part: the last parcel of the order',
    )
    wrapper!.unmount()
    mountCard()
    expect(wrapper!.find('[data-testid="station-parcel-note"]').exists()).toBe(false)
  })

  it('ticks on the station store and moves the highlight to a clicked line', async () => {
    const { tick, onHighlight } = mountCard()
    await wrapper!.get('button[aria-label="One Mug more"]').trigger('click')
    expect(tick).toHaveBeenCalledWith('MUG|', 1)
    await wrapper!.get('tr[aria-label="Mug: 0 of 1"]').trigger('click')
    expect(onHighlight).toHaveBeenCalledWith(1)
  })
})
