import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import PackedStoppedAlert from './PackedStoppedAlert.vue'

describe('PackedStoppedAlert', () => {
  it('says how many packed boxes must not ship, and asks to show them', async () => {
    const wrapper = mount(PackedStoppedAlert, { props: { count: 3 } })
    expect(wrapper.text()).toContain(
      '3 packed orders have a status that does not ship since the last sync',
    )
    await wrapper.get('button').trigger('click')
    expect(wrapper.emitted('show')).toHaveLength(1)
  })

  it('is not there while no packed order was stopped', () => {
    expect(mount(PackedStoppedAlert, { props: { count: 0 } }).text()).toBe('')
  })
})
