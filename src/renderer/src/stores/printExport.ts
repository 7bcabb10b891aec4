import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
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
  SlipPaper,
} from '@shared/ipc'
import { api, errorCode, errorMessage } from '@renderer/api'
import { formatCount } from '@renderer/lib/counts'
import { useOrdersStore } from './orders'
import { useSettingsStore } from './settings'

export interface LabelChoices {
  layout: LabelLayoutId
  /** 1-based; not kept in Settings: a half-used sheet is this run's. */
  startAt: number
  offsetMm: { x: number; y: number }
  order: LabelOrder
  showSummary: boolean
}

/** What one button does, for the view to say: a message, nothing (cancelled), or a failure. */
export type Outcome =
  | { status: 'done'; message: string }
  | { status: 'cancelled' }
  | { status: 'unavailable'; message: string }
  | { status: 'failed'; message: string }

export type ActionKind = 'excel' | 'csv' | 'labels' | 'labelsPdf' | 'slips' | 'slipsPdf'

/** Codes meaning "not here" (the browser harness has no printer) rather than "went wrong". */
const UNAVAILABLE: ReadonlySet<string> = new Set<IpcErrorCode>([
  'print_unavailable',
  'pdf_unavailable',
  'save_unavailable',
])

export function defaultLabelChoices(): LabelChoices {
  return {
    layout: 'avery5160',
    startAt: 1,
    offsetMm: { x: 0, y: 0 },
    order: 'variant',
    showSummary: false,
  }
}

const plural = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`

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

  const checks = shallowRef<PrePrintCheck[] | null>(null)
  /** The selection `checks` belong to, so a confirmation never relies on another filter's. */
  const checksKey = ref<string | null>(null)
  const checksLoading = ref(false)
  const checksError = ref<string | null>(null)

  const preview = shallowRef<LabelsPreview | null>(null)
  const previewLoading = ref(false)
  const previewError = ref<string | null>(null)

  const busy = ref<ActionKind | null>(null)
  const progress = ref<ExportProgressEvent | null>(null)
  const error = ref<string | null>(null)
  const loading = computed(() => checksLoading.value || previewLoading.value || busy.value !== null)
  const errorChecks = computed(() => (checks.value ?? []).filter((c) => c.severity === 'error'))

  // Answers to an older request are dropped: the filter or a control changed meanwhile.
  let checksSeq = 0
  let previewSeq = 0

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
    })
  }

  async function loadChecks(): Promise<PrePrintCheck[] | null> {
    const request = selection()
    const seq = ++checksSeq
    if (!request) {
      checks.value = null
      checksKey.value = null
      return null
    }
    const key = JSON.stringify(request)
    checksLoading.value = true
    try {
      const answer = await api().runChecks(request)
      if (seq !== checksSeq) return null
      checks.value = answer
      checksKey.value = key
      checksError.value = null
      return answer
    } catch (e) {
      if (seq === checksSeq) checksError.value = errorMessage(e)
      return null
    } finally {
      if (seq === checksSeq) checksLoading.value = false
    }
  }

  /** The checks of the current selection, asked again only when the selection changed. */
  async function ensureChecks(): Promise<PrePrintCheck[] | null> {
    const request = selection()
    if (request && checks.value && checksKey.value === JSON.stringify(request)) return checks.value
    return loadChecks()
  }

  async function refreshPreview(): Promise<void> {
    const request = selection()
    const seq = ++previewSeq
    if (!request) {
      preview.value = null
      return
    }
    previewLoading.value = true
    try {
      const answer = await api().previewLabels(labelsRequest(request))
      if (seq !== previewSeq) return
      preview.value = answer
      previewError.value = null
    } catch (e) {
      if (seq === previewSeq) previewError.value = errorMessage(e)
    } finally {
      if (seq === previewSeq) previewLoading.value = false
    }
  }

  /** Runs one button's call; `describe` words the success, null from main means cancelled. */
  async function act<T>(
    kind: ActionKind,
    call: (request: SelectionRequest) => Promise<T | null>,
    describe: (value: T) => string | null,
  ): Promise<Outcome> {
    const request = selection()
    if (!request) return { status: 'failed', message: 'Open a campaign first.' }
    if (busy.value !== null)
      return { status: 'failed', message: 'Wait for the current one to finish.' }
    busy.value = kind
    error.value = null
    progress.value = null
    try {
      const value = await call(request)
      const message = value === null ? null : describe(value)
      return message === null ? { status: 'cancelled' } : { status: 'done', message }
    } catch (e) {
      const message = errorMessage(e)
      if (UNAVAILABLE.has(errorCode(e) ?? '')) return { status: 'unavailable', message }
      error.value = message
      return { status: 'failed', message }
    } finally {
      busy.value = null
      progress.value = null
    }
  }

  const exportExcel = () =>
    act(
      'excel',
      (r) => api().exportExcel(r),
      (v) =>
        `Saved the packing list (${plural(v.orders, 'order')}, ${plural(v.sheets, 'sheet')}) to ${v.path}`,
    )

  const exportCsv = () =>
    act(
      'csv',
      (r) => api().exportCsv({ ...r, format: csvFormat.value }),
      (v) =>
        `Saved the shipper CSV (${plural(v.orders, 'order')}, ${plural(v.rows, 'line')}) to ${v.path}`,
    )

  const printLabels = () =>
    act(
      'labels',
      (r) => api().printLabels(labelsRequest(r)),
      (v) => (v.printed ? 'Labels sent to the printer.' : null),
    )

  const saveLabelsPdf = () =>
    act(
      'labelsPdf',
      (r) => api().saveLabelsPdf(labelsRequest(r)),
      (v) => `Saved the labels to ${v.path}`,
    )

  const printSlips = () =>
    act(
      'slips',
      (r) => api().printSlips({ ...r, paper: slipPaper.value }),
      (v) => (v.printed ? 'Packing slips sent to the printer.' : null),
    )

  const saveSlipsPdf = () =>
    act(
      'slipsPdf',
      (r) => api().saveSlipsPdf({ ...r, paper: slipPaper.value }),
      (v) => `Saved the packing slips to ${v.path}`,
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
    checks,
    checksKey,
    checksLoading,
    checksError,
    errorChecks,
    preview,
    previewLoading,
    previewError,
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
    listen,
  }
})
