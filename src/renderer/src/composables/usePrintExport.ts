import { computed, onBeforeUnmount, watch } from 'vue'
import { useMessage } from 'naive-ui'
import { useOrdersStore } from '@renderer/stores/orders'
import { usePrintExportStore } from '@renderer/stores/print-export'
import { useSlipBatchesStore } from '@renderer/stores/print-export-slips'
import { outcomeNotice } from '@renderer/lib/export-outcome'
import type { ActionOutcome } from '@renderer/lib/export-outcome'
import { useSettingsStore } from '@renderer/stores/settings'
import { useConfirmChecks } from './useConfirmChecks'
import { useOrdersSource } from './useOrdersSource'

/** Redrawing the preview on every keystroke of an offset would only queue work in main. */
const PREVIEW_DELAY_MS = 200
const SAVE_DELAY_MS = 800

/**
 * The "Print & export" view's wiring: keeps checks and preview on the current selection and
 * label choices, keeps the choices in Settings, and runs each button behind the checks.
 */
export function usePrintExport(onReview?: () => void) {
  const store = usePrintExportStore()
  const slips = useSlipBatchesStore()
  const orders = useOrdersStore()
  const settings = useSettingsStore()
  const message = useMessage()
  const { confirm } = useConfirmChecks(onReview)
  useOrdersSource()

  watch(
    () => settings.settings,
    (saved) => store.applySettings(saved),
    { immediate: true },
  )

  // The sync time is in the key: the same filter over a newer snapshot is another selection.
  const selectionKey = computed(() =>
    JSON.stringify([store.selection(), orders.campaign?.lastSyncedAt ?? null]),
  )
  const labelKey = computed(() => JSON.stringify(store.labels))
  // "Start at label" is about one half-used sheet, not a preference: not saved.
  const savedKey = computed(() => {
    const { layout, offsetMm, order, showSummary } = store.labels
    return JSON.stringify([layout, offsetMm, order, showSummary, store.slipPaper, slips.batchSize])
  })
  const slipKey = computed(() => JSON.stringify([store.slipPaper, slips.batchSize]))

  let previewTimer: ReturnType<typeof setTimeout> | undefined
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  let slipTimer: ReturnType<typeof setTimeout> | undefined
  const schedulePreview = () => {
    clearTimeout(previewTimer)
    previewTimer = setTimeout(() => void store.refreshPreview(), PREVIEW_DELAY_MS)
  }
  const refreshSlips = () => slips.refreshPreview(store.selection(), store.slipPaper)

  watch(
    selectionKey,
    () => {
      void store.loadChecks()
      void store.refreshPreview()
      void refreshSlips()
    },
    { immediate: true },
  )
  watch(labelKey, schedulePreview)
  watch(slipKey, () => {
    clearTimeout(slipTimer)
    slipTimer = setTimeout(() => void refreshSlips(), PREVIEW_DELAY_MS)
  })
  watch(savedKey, () => {
    clearTimeout(saveTimer)
    saveTimer = setTimeout(() => void store.saveChoices(), SAVE_DELAY_MS)
  })
  onBeforeUnmount(() => {
    clearTimeout(previewTimer)
    clearTimeout(saveTimer)
    clearTimeout(slipTimer)
  })

  function tell(outcome: ActionOutcome): void {
    const notice = outcomeNotice(outcome)
    if (notice)
      message[notice.level](notice.text, { duration: notice.level === 'error' ? 8000 : 6000 })
  }

  /** The checks of this very selection first; then, if one is an error, the person's word. */
  async function guarded(action: string, run: () => Promise<ActionOutcome>): Promise<void> {
    await store.ensureChecks()
    if (!(await confirm(store.errorChecks, action))) return
    tell(await run())
  }

  return {
    exportExcel: () => guarded('export the packing list', store.exportExcel),
    exportCsv: () => guarded('export the shipper CSV', store.exportCsv),
    printLabels: () => guarded('print the labels', store.printLabels),
    saveLabelsPdf: () => guarded('save the labels', store.saveLabelsPdf),
    printSlips: () => guarded('print the packing slips', store.printSlips),
    saveSlipsPdf: () => guarded('save the packing slips', store.saveSlipsPdf),
    saveCustomsPdf: () => guarded('save the customs forms', store.saveCustomsPdf),
    cancelSlips: async () => {
      const failed = await slips.cancel()
      if (failed) message.error(failed, { duration: 8000 })
    },
  }
}
