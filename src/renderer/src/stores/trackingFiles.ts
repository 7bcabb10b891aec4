import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type {
  DashboardFillReport,
  TrackingFormat,
  TrackingImportResult,
  TrackingPreviewView,
} from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { readPickedFile } from '@renderer/lib/progress-file'
import type { PickedFile } from '@renderer/lib/progress-file'
import { useFloorProgressStore } from './floorProgress'

export type FormatChoice = TrackingFormat | 'auto'

/** Reads the picked file; a file the window cannot read becomes the message shown. */
async function read(file: File, error: { value: string | null }): Promise<PickedFile | null> {
  try {
    return await readPickedFile(file)
  } catch (e) {
    error.value = e instanceof Error ? e.message : String(e)
    return null
  }
}

/**
 * Tracking numbers in (a preview first, then exactly that preview written) and the dashboard's
 * contributions file out, for one campaign at a time.
 */
export const useTrackingFilesStore = defineStore('trackingFiles', () => {
  const campaignId = ref<number | null>(null)
  const format = ref<FormatChoice>('auto')
  const preview = shallowRef<TrackingPreviewView | null>(null)
  const previewing = ref(false)
  const importing = ref(false)
  const importError = ref<string | null>(null)
  const imported = shallowRef<TrackingImportResult | null>(null)

  const filling = ref(false)
  const fillError = ref<string | null>(null)
  const fillReport = shallowRef<DashboardFillReport | null>(null)

  /** A preview or report belongs to the campaign it was made for. */
  function forCampaign(id: number | null): void {
    if (id === campaignId.value) return
    campaignId.value = id
    preview.value = null
    imported.value = null
    importError.value = null
    fillReport.value = null
    fillError.value = null
  }

  async function previewFile(file: File): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    preview.value = null
    imported.value = null
    importError.value = null
    previewing.value = true
    try {
      const picked = await read(file, importError)
      if (!picked) return
      const request = {
        campaignId: id,
        ...picked,
        ...(format.value === 'auto' ? {} : { format: format.value }),
      }
      await trackRequest(() => api().previewTracking(request), {
        error: importError,
        apply: (answer) => {
          if (campaignId.value === id) preview.value = answer
        },
      })
    } finally {
      previewing.value = false
    }
  }

  function cancelPreview(): void {
    preview.value = null
    importError.value = null
  }

  async function importPreview(): Promise<void> {
    const id = campaignId.value
    const shown = preview.value
    if (id === null || shown === null || importing.value) return
    const outcome = await trackRequest(
      () => api().importTracking({ campaignId: id, previewId: shown.previewId }),
      { busy: importing, error: importError, apply: (answer) => (imported.value = answer) },
    )
    // Written, or gone (too old): either way this preview cannot be written again.
    preview.value = null
    if (outcome.ok) await useFloorProgressStore().load(id)
  }

  async function fillDashboard(file: File): Promise<void> {
    const id = campaignId.value
    if (id === null || filling.value) return
    fillReport.value = null
    fillError.value = null
    filling.value = true
    try {
      const picked = await read(file, fillError)
      if (!picked) return
      await trackRequest(() => api().fillDashboard({ campaignId: id, ...picked }), {
        error: fillError,
        apply: (answer) => (fillReport.value = answer),
      })
    } finally {
      filling.value = false
    }
  }

  return {
    campaignId,
    format,
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
