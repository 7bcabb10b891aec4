import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import type { LabelsPreview } from '@shared/ipc'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import LabelPanel from './LabelPanel.vue'

const NONE_SHIP: LabelsPreview = {
  html: '',
  labels: 0,
  pages: 0,
  skipped: [],
  skippedCount: 330,
  leftOut: { nothingToShip: 330, noAddress: 0 },
  warnings: [],
  warningCount: 0,
  pageWidthPx: 816,
  pageHeightPx: 1056,
  skippedReasons: [{ reason: 'Nothing to ship', count: 330 }],
  layout: 'avery5160',
}

function mountPanel(value: LabelsPreview) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { printExport: { labelsPreview: { value, loading: false, error: null } } },
  })
  return mountWithProviders(LabelPanel, { pinia })
}

describe('LabelPanel', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('holds Print and Save back when no label would print, and says why at once', async () => {
    const wrapper = mountPanel(NONE_SHIP)
    await flushPromises()
    const reason =
      'None of the 330 selected orders ships (a status that does not ship, nothing to ship, or no address: see the pre-print checks), so there is no label to print.'
    for (const name of ['Print labels', 'Save labels as PDF']) {
      expect(buttonByName(name).disabled).toBe(true)
      expect(buttonByName(name).closest('[title]')?.getAttribute('title')).toBe(reason)
    }
    expect(wrapper.get('[data-testid="nothing-to-print"]').text()).toBe(reason)
  })

  it('offers both when labels would print, with no reason shown', async () => {
    const wrapper = mountPanel({ ...NONE_SHIP, labels: 3, pages: 1, html: '<p>Ada</p>' })
    await flushPromises()
    expect(buttonByName('Print labels').disabled).toBe(false)
    expect(buttonByName('Save labels as PDF').disabled).toBe(false)
    expect(buttonByName('Print labels').closest('[title]')).toBeNull()
    expect(wrapper.find('[data-testid="nothing-to-print"]').exists()).toBe(false)
  })
})
