import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import PackingSlipPanel from './PackingSlipPanel.vue'
import type { SlipsPreview } from '@shared/ipc'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

const EIGHT_BATCHES: SlipsPreview = {
  html: '<!DOCTYPE html><html><body><section class="slip">Ada Lovelace</section></body></html>',
  slips: 3697,
  skippedCount: 450,
  batchSize: 500,
  batches: Array.from({ length: 8 }, (_, index) => ({
    index,
    from: index * 500,
    to: Math.min(3697, (index + 1) * 500),
  })),
  pageWidthPx: 816,
  pageHeightPx: 1056,
}

function mountPanel(slips: Record<string, unknown>) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { printExportSlips: { preview: { value: EIGHT_BATCHES }, ...slips } },
  })
  return mountWithProviders(PackingSlipPanel, { pinia })
}

describe('PackingSlipPanel', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('previews the first slip in a sandboxed frame and offers the batches', async () => {
    mountPanel({})
    await flushPromises()
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Packing slip preview"]')
    expect(frame?.getAttribute('sandbox')).toBe('')
    expect(frame?.getAttribute('srcdoc')).toContain('Ada Lovelace')
    expect(document.body.textContent).toContain(
      '3,697 slips in 8 batches · 450 orders without a slip',
    )
    expect(buttonByName('Print this batch').disabled).toBe(false)
    expect(buttonByName('Save packing slips as PDF (8 files)').disabled).toBe(false)
    expect(document.body.textContent).toContain('Slips 1–500')
    expect(document.querySelector('[aria-label="Saving packing slips"]')).toBeNull()
  })

  it('shows the progress of a save with a Cancel that asks once', async () => {
    const wrapper = mountPanel({
      saving: true,
      progress: { batch: 2, batches: 8, done: 1000, total: 3697 },
    })
    await flushPromises()
    const status = document.querySelector('[aria-label="Saving packing slips"] [role="status"]')
    expect(status?.textContent).toBe('Batch 3 of 8, 1,000 of 3,697 slips')
    expect(document.querySelector('[aria-label="Slips per batch"]')?.hasAttribute('disabled')).toBe(
      true,
    )
    buttonByName('Cancel').click()
    const panel = wrapper.findComponent(PackingSlipPanel)
    expect(panel.emitted('cancel')).toHaveLength(1)
  })

  it('shows main’s message instead of the page when the preview failed', async () => {
    mountPanel({
      preview: { value: EIGHT_BATCHES, loading: true, error: 'The campaign was closed.' },
    })
    await flushPromises()
    expect(document.querySelector('.n-alert')?.textContent).toContain('The campaign was closed.')
    expect(document.querySelector('iframe')).toBeNull()
    expect(document.querySelector('.page-preview')?.getAttribute('aria-busy')).toBe('true')
  })

  it('has nothing to print or save when no order ships, and says why beside the buttons', async () => {
    const none = { ...EIGHT_BATCHES, html: '', slips: 0, skippedCount: 1, batches: [] }
    const wrapper = mountPanel({ preview: { value: none } })
    await flushPromises()
    const reason =
      'The selected order does not ship (a status that does not ship, nothing to ship, or no address: see the pre-print checks), so there is no packing slip to print.'
    expect(buttonByName('Print packing slips').disabled).toBe(true)
    expect(buttonByName('Save packing slips as PDF').disabled).toBe(true)
    expect(buttonByName('Print packing slips').closest('[title]')?.getAttribute('title')).toBe(
      reason,
    )
    expect(wrapper.get('[data-testid="nothing-to-print"]').text()).toBe(reason)
    expect(document.body.textContent).toContain('No order in the selection has something to ship')
  })
})
