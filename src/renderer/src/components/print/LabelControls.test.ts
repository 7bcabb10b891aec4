import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { Pinia } from 'pinia'
import { usePrintExportStore } from '@renderer/stores/print-export'
import { inputByLabel, mountWithProviders, typeInto } from '@renderer/test-utils/mountWithProviders'
import LabelControls from './LabelControls.vue'

let pinia: Pinia
let wrapper: VueWrapper | undefined

function mountControls() {
  wrapper = mountWithProviders(LabelControls, { pinia })
  return { wrapper, store: usePrintExportStore(pinia) }
}

async function typeAndLeave(label: string, value: string): Promise<void> {
  const input = inputByLabel(wrapper!, label)
  await typeInto(input, value)
  input.dispatchEvent(new Event('blur'))
  await flushPromises()
}

describe('LabelControls', () => {
  beforeEach(() => {
    pinia = createPinia()
    setActivePinia(pinia)
  })
  afterEach(() => {
    wrapper?.unmount()
    document.body.innerHTML = ''
  })

  it('says what a start position past the sheet became', async () => {
    const { wrapper, store } = mountControls()
    await typeAndLeave('Start at label', '40')
    expect(store.labels.startAt).toBe(30)
    expect(wrapper.text()).toContain(
      "Start position 40 is past the sheet's 30 labels: starting at 30.",
    )
  })

  it('says where the start position went when a smaller sheet is chosen', async () => {
    const { wrapper, store } = mountControls()
    store.labels.startAt = 25
    store.labels.layout = 'averyL7160'
    await flushPromises()
    expect(store.labels.startAt).toBe(21)
    expect(wrapper.text()).toContain(
      "Start position 25 is past the sheet's 21 labels: starting at 21.",
    )
  })

  it('offers no start position on 4×6 and says why, not "1 of 1 on the first sheet"', async () => {
    const { wrapper, store } = mountControls()
    store.labels.layout = 'thermal4x6'
    await flushPromises()
    expect(wrapper.text()).toContain('One label per 4×6 page: no start position to set.')
    expect(wrapper.text()).not.toContain('on the first sheet')
    expect(document.querySelector('input[aria-label="Start at label"]')).toBeNull()
  })

  it('offers the CN22 switch on 4×6 only, off, saying why it is off', async () => {
    const { wrapper, store } = mountControls()
    await flushPromises()
    expect(document.querySelector('[aria-label="CN22 customs declaration"]')).toBeNull()
    store.labels.layout = 'thermal4x6'
    await flushPromises()
    const box = document.querySelector<HTMLElement>('[aria-label="CN22 customs declaration"]')
    expect(box?.getAttribute('aria-checked')).toBe('false')
    expect(wrapper.text()).toContain('print their own customs form from the shipper CSV')
    box?.click()
    await flushPromises()
    expect(store.labels.cn22).toBe(true)
  })

  it('says what a printer offset beyond an inch was set to', async () => {
    const { wrapper, store } = mountControls()
    await typeAndLeave('Printer offset right (mm)', '40')
    expect(store.labels.offsetMm.x).toBe(25.4)
    expect(wrapper.get('[role="status"]').text()).toBe(
      'Printer offset right 40 mm is more than the most it takes, 25.4 mm: set to 25.4 mm.',
    )
  })
})
