import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import TrackingImportCard from './TrackingImportCard.vue'
import { trackingPreview } from '@renderer/stores/floor-tracking.fixtures'
import { useFloorTrackingStore } from '@renderer/stores/floor-tracking'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

function setup(state: Record<string, unknown> = {}) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { floorTracking: { campaignId: 1001, ...state } },
  })
  const wrapper = mountWithProviders(TrackingImportCard, { pinia })
  return { wrapper, store: useFloorTrackingStore(pinia) }
}

const text = (selector: string) => document.querySelector(selector)?.textContent ?? ''
const buttons = () => [...document.querySelectorAll('button')].map((b) => b.textContent?.trim())

describe('TrackingImportCard', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('offers no import before a preview; the picked file goes to the store', async () => {
    const { store } = setup()
    await flushPromises()
    // Only the file chooser: no import (nor Cancel) until a preview is on screen.
    expect(buttons()).toEqual(['Import tracking numbers…'])
    const input = document.querySelector<HTMLInputElement>(
      'input[type="file"][aria-label="Tracking export file"]',
    )
    const file = new File(['order_number,carrier,tracking_number\n'], 'ship.csv')
    Object.defineProperty(input, 'files', { value: [file] })
    input?.dispatchEvent(new Event('change'))
    expect(store.previewFile).toHaveBeenCalledWith(file)
  })

  it('shows every category of the preview with its lines, and imports the matched numbers', async () => {
    const { store } = setup({ preview: trackingPreview() })
    await flushPromises()
    const figure = (key: string) => text(`[data-testid="preview-${key}"] dd`)
    const accounted = ['matched', 'held', 'alreadyStored', 'duplicates', 'unmatched', 'problems']
    expect(accounted.map(figure)).toEqual(['6', '2', '1', '1', '1', '2'])
    // Every data row is in one figure: they add up to the heading's row count.
    expect(accounted.map((key) => Number(figure(key))).reduce((a, b) => a + b, 0)).toBe(13)
    expect(figure('conflicts')).toBe('1')
    expect(text('[aria-label="Tracking import preview"]')).toContain(
      'shipments.csv · Generic CSV · 13 rows',
    )
    expect(text('[data-testid="preview-list-held"]')).toContain(
      '#312 (line 3): not packed at a station, 9400312',
    )
    expect(text('[data-testid="preview-list-unmatched"]')).toContain('Line 5: order number 999')
    expect(text('[data-testid="preview-list-conflicts"]')).toContain(
      'Line 7: order #1449 gets 1Z999, has 9400111',
    )
    expect(text('[data-testid="preview-list-problems"]')).toContain(
      'Line 10, tracking_number: a number in scientific notation',
    )
    buttonByName('Import 6 tracking numbers').click()
    expect(store.importPreview).toHaveBeenCalledTimes(1)
    buttonByName('Cancel').click()
    expect(store.cancelPreview).toHaveBeenCalledTimes(1)
  })

  it('writes the numbers left apart only when their box is ticked', async () => {
    const { store } = setup({ preview: trackingPreview() })
    await flushPromises()
    const box = document.querySelector<HTMLElement>(
      '[data-testid="tracking-held-choices"] .n-checkbox',
    )
    expect(box?.textContent?.trim()).toBe(
      'Also write the 2 tracking numbers of orders not packed at a station',
    )
    expect(box?.getAttribute('aria-checked')).toBe('false')
    box?.click()
    await flushPromises()
    expect(store.include).toEqual(['not-packed'])
    buttonByName('Import 8 tracking numbers').click()
    expect(store.importPreview).toHaveBeenCalledTimes(1)
  })

  it('keeps the import button disabled when the file brings nothing new', async () => {
    setup({
      preview: trackingPreview({
        matched: 0,
        alreadyStored: 10,
        held: {
          count: 0,
          byReason: { stopped: 0, 'nothing-to-ship': 0, 'not-packed': 0 },
          rows: [],
        },
      }),
    })
    await flushPromises()
    expect(buttonByName('Nothing new to import').disabled).toBe(true)
    expect(document.querySelector('[data-testid="tracking-held-choices"]')).toBeNull()
  })

  it('shows main’s message for a bad file, and the result of an import', async () => {
    setup({
      importError: 'ship.csv, line 1: the header lacks order number and tracking number columns',
      imported: { added: 5, unchanged: 2, leftApart: 3 },
    })
    await flushPromises()
    expect(document.body.textContent).toContain('The tracking file was not read')
    expect(document.body.textContent).toContain('ship.csv, line 1: the header lacks')
    expect(text('[data-testid="tracking-imported"]')).toContain(
      '5 tracking numbers added; 2 already stored; 3 left apart, not written.',
    )
  })
})
