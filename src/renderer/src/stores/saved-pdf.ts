import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { PrintedDocument } from '@shared/floor/order-state'
import type { PdfPrintedResult } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

/** A labels or slips PDF saved in this run, not marked printed yet. */
export interface UnprintedPdf {
  campaignId: number
  document: PrintedDocument
  savedPdfId: number
  orders: number
}

/**
 * Saving a PDF is not printing: the last PDF saved waits here for the person's "Mark as
 * printed", which notes its orders printed on the floor (Progress, the files' floor columns).
 */
export const useSavedPdfStore = defineStore('savedPdf', () => {
  const saved = ref<UnprintedPdf | null>(null)
  const marked = ref<PdfPrintedResult | null>(null)
  const marking = ref(false)
  const error = ref<string | null>(null)

  function remember(pdf: UnprintedPdf): void {
    saved.value = pdf
    marked.value = null
    error.value = null
  }

  async function markPrinted(): Promise<void> {
    const pdf = saved.value
    if (pdf === null || marking.value) return
    await trackRequest(
      () => api().markPdfPrinted({ campaignId: pdf.campaignId, savedPdfId: pdf.savedPdfId }),
      { busy: marking, error, apply: (answer) => (marked.value = answer) },
    )
    // Marked, or no longer known to main: either way this PDF cannot be marked again.
    saved.value = null
  }

  function reset(): void {
    saved.value = null
    marked.value = null
    error.value = null
  }

  return { saved, marked, marking, error, remember, markPrinted, reset }
})
