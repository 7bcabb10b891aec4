import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { stationOrder } from '@renderer/stores/packStation.fixtures'
import { usePackStationStore } from '@renderer/stores/packStation'
import StationOrderCard from './StationOrderCard.vue'

let wrapper: VueWrapper | undefined

/** The card on a station store holding an order of two shirts and a mug, one shirt in the box. */
function mountCard() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const station = usePackStationStore()
  Object.assign(station, { order: stationOrder(70001, 1), ticks: { 'SHIRT|M': 1 } })
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

  it('ticks on the station store and moves the highlight to a clicked line', async () => {
    const { tick, onHighlight } = mountCard()
    await wrapper!.get('button[aria-label="One Mug more"]').trigger('click')
    expect(tick).toHaveBeenCalledWith('MUG|', 1)
    await wrapper!.get('tr[aria-label="Mug: 0 of 1"]').trigger('click')
    expect(onHighlight).toHaveBeenCalledWith(1)
  })
})
