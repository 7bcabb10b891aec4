import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type {
  AppSettings,
  ExportProgressEvent,
  IpcErrorCode,
  LabelLayoutId,
  LabelOrder,
  LabelsPreview,
  LabelsRequest,
  PrePrintCheck,
  SelectionRequest,
  ShipperCsvFormat,
  SmallLabelAddresses,
  SlipPaper,
} from '@shared/ipc'
import { api } from '@renderer/api'
import type { ActionKind, ActionOutcome, ActionValues } from '@renderer/lib/export-outcome'
import { useLatestAnswer } from '@renderer/composables/useLatestAnswer'
import { trackRequest } from '@renderer/lib/track-request'
import { useOrdersStore } from './orders'
import { useSlipBatchesStore } from './print-export-slips'
import { useSavedPdfStore } from './saved-pdf'
import { useSettingsStore } from './settings'

export interface LabelChoices {
  layout: LabelLayoutId
  /** 1-based; not kept in Settings: a half-used sheet is this run's. */
  startAt: number
  offsetMm: { x: number; y: number }
  order: LabelOrder
  showSummary: boolean
  /** The CN22 customs declaration on 4×6 labels going abroad; off by default (see LabelControls). */
  cn22: boolean
}

/** Codes meaning "not here" (the browser harness has no printer) rather than "went wrong". */
const UNAVAILABLE: readonly IpcErrorCode[] = ['print_unavailable', 'save_unavailable']

export function defaultLabelChoices(): LabelChoices {
  return {
    layout: 'avery5160',
    startAt: 1,
    offsetMm: { x: 0, y: 0 },
    order: 'variant',
    showSummary: false,
    cn22: false,
  }
}

/**
 * "Print & export": checks, exports and printing of the orders the Orders view currently
 * selects. The selection is never copied here: every call takes the orders store's current
 * filter, so what goes out is what the person last looked at.
 */
export const usePrintExportStore = defineStore('printExport', () => {
  const labels = ref<LabelChoices>(defaultLabelChoices())
  const csvFormat = ref<ShipperCsvFormat>('generic')
  const slipPaper = ref<SlipPaper>('letter')
  let choicesFromSettings = false

  // Answers to an older request are dropped: the filter or a control changed meanwhile.
  const checks = useLatestAnswer<PrePrintCheck[]>()
  /** The selection `checks` belong to, so a confirmation never relies on another filter's. */
  const checksKey = ref<string | null>(null)
  const labelsPreview = useLatestAnswer<LabelsPreview>()
  /** Addresses the sheet layout prints too small to read: asked after the preview (slower). */
  const smallAddresses = useLatestAnswer<SmallLabelAddresses>()

  const busy = ref<ActionKind | null>(null)
  const progress = ref<ExportProgressEvent | null>(null)
  const error = ref<string | null>(null)
  const loading = computed(
    () => checks.state.loading || labelsPreview.state.loading || busy.value !== null,
  )
  const errorChecks = computed(() =>
    (checks.state.value ?? []).filter((c) => c.severity === 'error'),
  )

  function selection(): SelectionRequest | null {
    const orders = useOrdersStore()
    if (orders.campaignId === null) return null
    return { campaignId: orders.campaignId, filter: orders.currentFilter() }
  }

  function labelsRequest(base: SelectionRequest): LabelsRequest {
    const l = labels.value
    return {
      ...base,
      layout: l.layout,
      startAt: l.startAt,
      offsetMm: { x: l.offsetMm.x, y: l.offsetMm.y },
      order: l.order,
      showSummary: l.showSummary,
      // Only 4×6 labels carry it: a switch left on while another layout is chosen sends nothing.
      ...(l.cn22 && l.layout === 'thermal4x6' ? { cn22: true } : {}),
    }
  }

  /** Takes the saved label and slip choices once; later the person's own changes win. */
  function applySettings(saved: Partial<AppSettings> | null): void {
    if (!saved || choicesFromSettings) return
    choicesFromSettings = true
    labels.value = {
      ...labels.value,
      ...(saved.labelLayout ? { layout: saved.labelLayout } : {}),
      ...(saved.labelOffsetMm ? { offsetMm: { ...saved.labelOffsetMm } } : {}),
      ...(saved.labelOrder ? { order: saved.labelOrder } : {}),
      ...(saved.labelSummary !== undefined ? { showSummary: saved.labelSummary } : {}),
    }
    if (saved.slipPaper) slipPaper.value = saved.slipPaper
    if (saved.slipBatchSize) useSlipBatchesStore().batchSize = saved.slipBatchSize
  }

  /** Keeps the choices for next time, like the other settings. */
  async function saveChoices(): Promise<void> {
    const l = labels.value
    await useSettingsStore().save({
      labelLayout: l.layout,
      labelOffsetMm: { x: l.offsetMm.x, y: l.offsetMm.y },
      labelOrder: l.order,
      labelSummary: l.showSummary,
      slipPaper: slipPaper.value,
      slipBatchSize: useSlipBatchesStore().batchSize,
    })
  }

  async function loadChecks(): Promise<PrePrintCheck[] | null> {
    const request = selection()
    if (!request) {
      checks.clear()
      checksKey.value = null
      return null
    }
    const outcome = await checks.load(
      () => api().runChecks(request),
      () => (checksKey.value = JSON.stringify(request)),
    )
    return outcome?.ok ? outcome.value : null
  }

  /** The checks of the current selection, asked again only when the selection changed. */
  async function ensureChecks(): Promise<PrePrintCheck[] | null> {
    const request = selection()
    const known = checks.state.value
    if (request && known && checksKey.value === JSON.stringify(request)) return known
    return loadChecks()
  }

  async function refreshPreview(): Promise<void> {
    const request = selection()
    if (!request) {
      labelsPreview.clear()
      smallAddresses.clear()
      return
    }
    const labelsAsked = labelsRequest(request)
    await labelsPreview.load(() => api().previewLabels(labelsAsked))
    await smallAddresses.load(() => api().smallLabelAddresses(labelsAsked))
  }

  /**
   * Runs one button's call. Main answers null when the person cancelled its save dialog;
   * `cancelled` says so of an answer that is not null (a print dialog dismissed).
   */
  async function act<K extends ActionKind>(
    kind: K,
    call: (request: SelectionRequest) => Promise<ActionValues[K] | null>,
    cancelled: (value: ActionValues[K]) => boolean = () => false,
  ): Promise<ActionOutcome<K>> {
    const request = selection()
    if (!request) return { status: 'no-campaign' }
    if (busy.value !== null) return { status: 'busy' }
    busy.value = kind
    progress.value = null
    // Not a failure of the app when unavailable: the view says where to turn instead.
    const outcome = await trackRequest(() => call(request), {
      error,
      quiet: [...UNAVAILABLE, 'print_cancelled'],
    })
    busy.value = null
    progress.value = null
    if (outcome.ok) {
      const value = outcome.value
      if (value === null || cancelled(value)) return { status: 'cancelled' }
      return { status: 'done', kind, value } as ActionOutcome<K>
    }
    // The person pressed Cancel during a save: said, not shown as an error.
    if (outcome.code === 'print_cancelled') return { status: 'stopped', message: outcome.message }
    const unavailable = outcome.code !== null && UNAVAILABLE.includes(outcome.code)
    return { status: unavailable ? 'unavailable' : 'failed', message: outcome.message }
  }

  const notPrinted = (value: { printed: boolean }) => !value.printed
  /** A PDF saved is not printed: it waits for the person's "Mark as printed". */
  function awaitMarking(
    document: 'labels' | 'slips',
    saved: { savedPdfId: number; orders: number },
  ): void {
    const campaignId = useOrdersStore().campaignId
    if (campaignId === null) return
    useSavedPdfStore().remember({
      campaignId,
      document,
      savedPdfId: saved.savedPdfId,
      orders: saved.orders,
    })
  }
  const exportExcel = () => act('excel', (r) => api().exportExcel(r))
  const exportCsv = () => act('csv', (r) => api().exportCsv({ ...r, format: csvFormat.value }))
  const printLabels = () => act('labels', (r) => api().printLabels(labelsRequest(r)), notPrinted)
  const saveLabelsPdf = async () => {
    const outcome = await act('labelsPdf', (r) => api().saveLabelsPdf(labelsRequest(r)))
    if (outcome.status === 'done') awaitMarking('labels', outcome.value)
    return outcome
  }
  /** The batch picked under "Print" (the first unless another is chosen). */
  const printSlips = () => {
    const slips = useSlipBatchesStore()
    const batch = slips.batchIndex
    return act(
      'slips',
      (r) => api().printSlips({ ...slips.request(r, slipPaper.value), batch }),
      notPrinted,
    )
  }
  /** Every batch, one file each, with progress and cancel (stores/printExportSlips). */
  const saveSlipsPdf = async () => {
    const slips = useSlipBatchesStore()
    const outcome = await slips.whileSaving(() =>
      act('slipsPdf', (r) => api().saveSlipsPdf(slips.request(r, slipPaper.value))),
    )
    if (outcome.status === 'done')
      awaitMarking('slips', { ...outcome.value, orders: outcome.value.slips })
    return outcome
  }

  /** The selection's CN23 declarations, on the packing slips' paper. */
  const saveCustomsPdf = () =>
    act('customsPdf', (r) => api().saveCustomsPdf({ ...r, paper: slipPaper.value }))

  // A failure, the checks and the previews are about the selection they were asked for: another
  // filter takes the failure away, and a closed campaign (a sign-out deleted its copy) takes
  // everything, so nothing of it stands above the next campaign's orders.
  watch(
    () => JSON.stringify(selection()),
    () => {
      error.value = null
      if (selection() !== null) return
      // With no selection these only clear what they hold.
      void loadChecks()
      void refreshPreview()
      void useSlipBatchesStore().refreshPreview(null, slipPaper.value)
    },
  )

  function listen(): () => void {
    return api().onExportProgress((event) => {
      if (busy.value !== null) progress.value = event
    })
  }

  return {
    labels,
    csvFormat,
    slipPaper,
    /** The pre-print checks of the selection, with their loading flag and error. */
    checks: checks.state,
    checksKey,
    errorChecks,
    /** The first sheet of labels with its counts, with its loading flag and error. */
    labelsPreview: labelsPreview.state,
    smallAddresses: smallAddresses.state,
    busy,
    progress,
    loading,
    error,
    selection,
    applySettings,
    saveChoices,
    loadChecks,
    ensureChecks,
    refreshPreview,
    exportExcel,
    exportCsv,
    printLabels,
    saveLabelsPdf,
    printSlips,
    saveSlipsPdf,
    saveCustomsPdf,
    listen,
  }
})
