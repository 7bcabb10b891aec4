import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useOrdersStore } from './orders'
import { usePrintExportStore } from './print-export'
import { useSavedPdfStore } from './saved-pdf'

describe('useSavedPdfStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('a labels PDF saved waits for "Mark as printed", which marks exactly that file once', async () => {
    const bridge = fakeBridge({
      runChecks: () => [],
      saveLabelsPdf: () => ({ path: '/x/labels.pdf', savedPdfId: 7, orders: 57 }),
      markPdfPrinted: () => ({ document: 'labels', orders: 57 }),
    })
    useOrdersStore().campaignId = 1001
    const pdfs = useSavedPdfStore()
    await usePrintExportStore().saveLabelsPdf()
    expect(pdfs.saved).toEqual({ campaignId: 1001, document: 'labels', savedPdfId: 7, orders: 57 })
    expect(bridge.calls.markPdfPrinted).not.toHaveBeenCalled()

    await pdfs.markPrinted()
    expect(bridge.calls.markPdfPrinted).toHaveBeenCalledWith({ campaignId: 1001, savedPdfId: 7 })
    expect(pdfs.marked).toEqual({ document: 'labels', orders: 57 })
    expect(pdfs.saved).toBeNull()
    await pdfs.markPrinted()
    expect(bridge.calls.markPdfPrinted).toHaveBeenCalledTimes(1)
  })

  it('slips saved in files wait too; a PDF main no longer knows says so and is dropped', async () => {
    fakeBridge({
      runChecks: () => [],
      saveSlipsPdf: () => ({
        path: '/x/s.pdf',
        files: ['/x/s.pdf'],
        slips: 3,
        pages: 3,
        savedPdfId: 2,
      }),
      markPdfPrinted: () =>
        fail('saved_pdf_gone', 'PerkPack no longer knows which orders that PDF holds.'),
    })
    useOrdersStore().campaignId = 1001
    const pdfs = useSavedPdfStore()
    await usePrintExportStore().saveSlipsPdf()
    expect(pdfs.saved).toEqual({ campaignId: 1001, document: 'slips', savedPdfId: 2, orders: 3 })
    await pdfs.markPrinted()
    expect(pdfs.error).toBe('PerkPack no longer knows which orders that PDF holds.')
    expect(pdfs.saved).toBeNull()
    expect(pdfs.marked).toBeNull()
  })
})
