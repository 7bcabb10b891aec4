import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'
import { useSettingsStore } from '@renderer/stores/settings'
import ReturnAddressForm from './ReturnAddressForm.vue'

describe('ReturnAddressForm', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('names what a half-typed address lacks, and saves it whole', async () => {
    const bridge = fakeBridge()
    const pinia = createPinia()
    setActivePinia(pinia)
    await useSettingsStore().load()
    const wrapper = mountWithProviders(ReturnAddressForm, { pinia })
    await flushPromises()
    await typeInto(inputByLabel(wrapper, 'City'), 'Hamburg')
    await flushPromises()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'The return address has no street: type the street and number',
    )
    expect(buttonByName('Save return address').disabled).toBe(true)
    await typeInto(inputByLabel(wrapper, 'Street and number'), ' Hafenstraße 12 ')
    await typeInto(inputByLabel(wrapper, 'Postcode'), '20457')
    await flushPromises()
    expect(document.querySelector('[role="alert"]')).toBeNull()
    buttonByName('Save return address').click()
    await flushPromises()
    expect(bridge.calls.updateSettings).toHaveBeenCalledWith({
      returnAddress: { street: 'Hafenstraße 12', city: 'Hamburg', postcode: '20457' },
    })
  })
})
