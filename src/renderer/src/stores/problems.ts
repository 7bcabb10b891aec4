import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ProblemRowsView } from '@shared/ipc'
import { problemReport } from '@shared/problems/report'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

/**
 * The contributions of a campaign's last sync that could not be read: the list the banner
 * opens, and its "Copy details" text. Main masks personal data before the rows cross IPC, and
 * the report masks again, so the copied text never holds e-mails, names or addresses.
 */
export const useProblemsStore = defineStore('problems', () => {
  const view = shallowRef<ProblemRowsView | null>(null)
  const open = ref(false)
  const loading = ref(false)
  const error = ref<string | null>(null)

  const copyText = computed(() => {
    const current = view.value
    if (!current) return ''
    return problemReport({
      ...current,
      rows: current.rows.map((row) => ({ ...row, raw: row.maskedRaw })),
    })
  })

  /** Opens the list of `campaignId`, loading it afresh (a sync may have changed it). */
  async function show(campaignId: number): Promise<void> {
    open.value = true
    if (view.value?.campaignId !== campaignId) view.value = null
    await trackRequest(() => api().problemRows({ campaignId }), {
      busy: loading,
      error,
      apply: (answer) => (view.value = answer),
    })
  }

  function close(): void {
    open.value = false
  }

  function reset(): void {
    open.value = false
    view.value = null
    error.value = null
  }

  return { view, open, loading, error, copyText, show, close, reset }
})
