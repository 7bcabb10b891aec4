import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { blankFloorState } from '@shared/floor/order-state'
import OrderFloorSection from './OrderFloorSection.vue'

const packed = {
  ...blankFloorState(5001),
  packedAt: '2026-11-20T10:42:00.000Z',
  station: 'Desk B',
  carrier: 'USPS',
  trackingNumbers: ['9400111899223856728493'],
  note: 'gift wrap',
}

describe('OrderFloorSection', () => {
  it('shows where the order stands, who packed it, its tracking and note', () => {
    const wrapper = mount(OrderFloorSection, { props: { floor: packed, busy: false } })
    expect(wrapper.get('[data-testid="floor-stage"]').text()).toBe('Shipped')
    expect(wrapper.text()).toContain('at Desk B')
    expect(wrapper.text()).toContain('USPS: 9400111899223856728493')
    expect(wrapper.get('textarea').element.value).toBe('gift wrap')
  })

  it('asks to add a typed tracking number and to unpack; nothing to unpack when not packed', async () => {
    const wrapper = mount(OrderFloorSection, { props: { floor: packed, busy: false } })
    await wrapper.get('input[aria-label="Tracking number"]').setValue(' 1Z999AA10123456784 ')
    await wrapper.get('input[aria-label="Carrier"]').setValue('UPS')
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Add')!
      .trigger('click')
    expect(wrapper.emitted('addTracking')).toEqual([['1Z999AA10123456784', 'UPS']])
    await wrapper
      .findAll('button')
      .find((b) => b.text().startsWith('Unpack'))!
      .trigger('click')
    expect(wrapper.emitted('unpack')).toHaveLength(1)

    const fresh = mount(OrderFloorSection, { props: { floor: null, busy: false } })
    expect(fresh.get('[data-testid="floor-stage"]').text()).toBe('Not packed')
    expect(fresh.findAll('button').some((b) => b.text().startsWith('Unpack'))).toBe(false)
  })
})
