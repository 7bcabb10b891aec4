import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ExportPanel from './ExportPanel.vue'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('ExportPanel', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('offers the customs forms (CN23) beside the files, held while another save runs', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const wrapper = mountWithProviders(ExportPanel, { pinia })
    await flushPromises()
    expect(document.body.textContent).toContain('Customs forms (CN23)')
    buttonByName('Save CN23 as PDF').click()
    expect(wrapper.findComponent(ExportPanel).emitted('customs')).toHaveLength(1)

    const busy = createTestingPinia({
      createSpy: vi.fn,
      initialState: { printExport: { busy: 'excel' } },
    })
    document.body.innerHTML = ''
    mountWithProviders(ExportPanel, { pinia: busy })
    await flushPromises()
    expect(buttonByName('Save CN23 as PDF').disabled).toBe(true)
  })
})
