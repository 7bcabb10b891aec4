import { defineStore } from 'pinia'
import { ref, shallowReactive, toRefs } from 'vue'
import type { Ref } from 'vue'
import type {
  DashboardFillReport,
  TrackingFormat,
  TrackingImportResult,
  TrackingPreviewView,
} from '@shared/ipc'
import type { TrackingHoldReason } from '@shared/floor/tracking-holds'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { readPickedFile } from '@renderer/lib/progress-file'
import type { PickedFile } from '@renderer/lib/progress-file'
import { useFloorProgressStore } from './floor-progress'

export type FormatChoice = TrackingFormat | 'auto'

/**
 * Reads the picked file and sends it to main: `busy` covers both steps, and `error` takes the
 * message of either (a file the window cannot read, or main's answer).
 */
export async function sendPickedFile<T>(
  file: File,
  state: { busy: Ref<boolean>; error: Ref<string | null> },
  send: (picked: PickedFile) => Promise<T>,
  apply: (answer: T) => unknown,
): Promise<void> {
  const { busy, error } = state
  error.value = null
  busy.value = true
  try {
    let picked: PickedFile
    try {
      picked = await readPickedFile(file)
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
      return
    }
    await trackRequest(() => send(picked), { error, apply })
  } finally {
    busy.value = false
  }
}

/** What was read, written or reported for the open campaign: all of it goes when it changes. */
function campaignResults() {
  return {
    preview: null as TrackingPreviewView | null,
    imported: null as TrackingImportResult | null,
    importError: null as string | null,
    fillReport: null as DashboardFillReport | null,
    fillError: null as string | null,
  }
}

/**
 * Tracking numbers in (a preview first, then exactly that preview written) and the dashboard's
 * contributions file out, for one campaign at a time.
 */
export const useFloorTrackingStore = defineStore('floorTracking', () => {
  const campaignId = ref<number | null>(null)
  const format = ref<FormatChoice>('auto')
  const previewing = ref(false)
  const importing = ref(false)
  const filling = ref(false)
  /** Reasons of the held rows the person ticked in this preview: written with the matched. */
  const include = ref<TrackingHoldReason[]>([])
  // Shallow: a preview is replaced whole, never mutated, so Vue need not proxy its rows.
  const results = shallowReactive(campaignResults())
  const { preview, imported, importError, fillReport, fillError } = toRefs(results)

  /** A preview or report belongs to the campaign it was made for. */
  function forCampaign(id: number | null): void {
    if (id === campaignId.value) return
    campaignId.value = id
    Object.assign(results, campaignResults())
  }

  async function previewFile(file: File): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    preview.value = null
    imported.value = null
    include.value = []
    const chosen = format.value === 'auto' ? {} : { format: format.value }
    await sendPickedFile(
      file,
      { busy: previewing, error: importError },
      (picked) => api().previewTracking({ campaignId: id, ...picked, ...chosen }),
      (answer) => {
        if (campaignId.value === id) preview.value = answer
      },
    )
  }

  function cancelPreview(): void {
    preview.value = null
    importError.value = null
    include.value = []
  }

  async function importPreview(): Promise<void> {
    const id = campaignId.value
    const shown = preview.value
    if (id === null || shown === null || importing.value) return
    const reasons = [...include.value]
    const outcome = await trackRequest(
      () => api().importTracking({ campaignId: id, previewId: shown.previewId, include: reasons }),
      { busy: importing, error: importError, apply: (answer) => (imported.value = answer) },
    )
    // Written, or gone (too old): either way this preview cannot be written again.
    preview.value = null
    include.value = []
    if (outcome.ok) await useFloorProgressStore().load(id)
  }

  async function fillDashboard(file: File): Promise<void> {
    const id = campaignId.value
    if (id === null || filling.value) return
    fillReport.value = null
    await sendPickedFile(
      file,
      { busy: filling, error: fillError },
      (picked) => api().fillDashboard({ campaignId: id, ...picked }),
      (answer) => (fillReport.value = answer),
    )
  }

  return {
    campaignId,
    format,
    include,
    preview,
    previewing,
    importing,
    importError,
    imported,
    filling,
    fillError,
    fillReport,
    forCampaign,
    previewFile,
    cancelPreview,
    importPreview,
    fillDashboard,
  }
})
