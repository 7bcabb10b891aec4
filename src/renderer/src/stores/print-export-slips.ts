import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { DEFAULT_SLIP_BATCH_SIZE } from '@shared/ipc'
import type {
  SelectionRequest,
  SlipBatchesRequest,
  SlipPaper,
  SlipsPreview,
  SlipsProgress,
} from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'
import { useLatestAnswer } from '@renderer/composables/useLatestAnswer'

/**
 * Packing slips at campaign scale, beside the "Print & export" store: the size of a batch, the
 * batch "Print" sends, the preview of the first slip with the batches main planned, and the
 * progress and cancel of "Save as PDF".
 */
export const useSlipBatchesStore = defineStore('printExportSlips', () => {
  const batchSize = ref(DEFAULT_SLIP_BATCH_SIZE)
  /** 0-based: the batch "Print" sends to the printer. */
  const batchIndex = ref(0)

  const preview = useLatestAnswer<SlipsPreview>()

  const progress = ref<SlipsProgress | null>(null)
  /** True while a "Save as PDF" of slips runs (progress may not have arrived yet). */
  const saving = ref(false)
  const cancelling = ref(false)

  const batches = computed(() => preview.state.value?.batches ?? [])

  function request(base: SelectionRequest, paper: SlipPaper): SlipBatchesRequest {
    return { ...base, paper, batchSize: batchSize.value }
  }

  async function refreshPreview(base: SelectionRequest | null, paper: SlipPaper): Promise<void> {
    if (!base) {
      preview.clear()
      return
    }
    await preview.load(
      () => api().previewSlips(request(base, paper)),
      // A smaller selection or larger batches: the picked batch may be gone.
      (answer) => {
        if (batchIndex.value >= answer.batches.length) batchIndex.value = 0
      },
    )
  }

  /** Wraps the save so progress and the Cancel button live exactly as long as it. */
  async function whileSaving<T>(run: () => Promise<T>): Promise<T> {
    saving.value = true
    progress.value = null
    cancelling.value = false
    try {
      return await run()
    } finally {
      saving.value = false
      progress.value = null
      cancelling.value = false
    }
  }

  /** Stops the save at once; main removes what it had written. */
  async function cancel(): Promise<string | null> {
    if (!saving.value || cancelling.value) return null
    cancelling.value = true
    try {
      await api().cancelSlips()
      return null
    } catch (e) {
      cancelling.value = false
      return errorMessage(e)
    }
  }

  function listen(): () => void {
    return api().onSlipsProgress((event) => {
      if (saving.value) progress.value = event
    })
  }

  return {
    batchSize,
    batchIndex,
    batches,
    /** The first slip with the planned batches, with its loading flag and error. */
    preview: preview.state,
    progress,
    saving,
    cancelling,
    request,
    refreshPreview,
    whileSaving,
    cancel,
    listen,
  }
})
