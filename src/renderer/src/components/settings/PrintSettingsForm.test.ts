import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { useSettingsStore } from '@renderer/stores/settings'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'
import PrintSettingsForm from './PrintSettingsForm.vue'

async function setup() {
  const fake = fakeBridge()
  const pinia = createPinia()
  setActivePinia(pinia)
  await useSettingsStore().load()
  const wrapper = mountWithProviders(PrintSettingsForm, { pinia })
  await flushPromises()
  return { fake, wrapper }
}

describe('PrintSettingsForm', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('saves the footer, the sender country (upper case) and the age limit', async () => {
    const { fake, wrapper } = await setup()
    const footer = document.querySelector<HTMLTextAreaElement>(
      'textarea[aria-label="Packing slip footer"]',
    )!
    footer.value = 'Thank you!'
    footer.dispatchEvent(new Event('input', { bubbles: true }))
    await typeInto(inputByLabel(wrapper, 'Sender country'), 'de')
    await flushPromises()
    buttonByName('Save print settings').click()
    await flushPromises()
    expect(fake.calls.updateSettings).toHaveBeenCalledWith({
      slipFooterNote: 'Thank you!',
      senderCountry: 'DE',
      staleAfterHours: 24,
    })
  })

  it('refuses a sender country that is not a two-letter code', async () => {
    const { fake, wrapper } = await setup()
    await typeInto(inputByLabel(wrapper, 'Sender country'), 'D1')
    await flushPromises()
    expect(document.body.textContent).toContain('A two-letter country code')
    expect(buttonByName('Save print settings').disabled).toBe(true)
    expect(fake.calls.updateSettings).not.toHaveBeenCalled()
    expect(inputByLabel(wrapper, 'Data older than (hours)').value).toBe('24')
  })
})
