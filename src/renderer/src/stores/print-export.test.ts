import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import type { PrePrintCheck } from '@shared/ipc'
import { perkNodeKey } from '@renderer/lib/perk-tree-keys'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useOrdersStore } from './orders'
import { usePrintExportStore } from './print-export'
import { useSlipBatchesStore } from './print-export-slips'
import { useSettingsStore } from './settings'

const NO_ADDRESS: PrePrintCheck = {
  id: 'missing-address',
  title: 'Missing address',
  severity: 'error',
  count: 2,
  contributionIds: [4, 9],
  detail: '2 orders need shipping but have no address.',
}

/** An open campaign filtered as a person would: statuses, a search, a country, a tree node. */
function selectOrders() {
  const orders = useOrdersStore()
  orders.campaignId = 1001
  orders.toolbar = { statuses: ['captured'], search: 'ada', country: 'DE' }
  orders.selectedNode = perkNodeKey(12)
  return { campaignId: 1001, filter: orders.currentFilter() }
}

describe('usePrintExportStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('runs the checks on the orders store’s current filter', async () => {
    const bridge = fakeBridge({ runChecks: () => [NO_ADDRESS] })
    const expected = selectOrders()
    expect(expected.filter).toEqual({
      statuses: ['captured'],
      search: 'ada',
      country: 'DE',
      perkId: 12,
    })
    const store = usePrintExportStore()
    await store.loadChecks()
    expect(bridge.calls.runChecks).toHaveBeenCalledWith(expected)
    expect(store.checks.value).toEqual([NO_ADDRESS])
    expect(store.errorChecks).toEqual([NO_ADDRESS])

    // Same selection: no second trip; another filter: asked again.
    await store.ensureChecks()
    expect(bridge.calls.runChecks).toHaveBeenCalledTimes(1)
    useOrdersStore().toolbar = { statuses: [], search: '', country: null }
    await store.ensureChecks()
    expect(bridge.calls.runChecks).toHaveBeenCalledTimes(2)
  })

  it('counts the checks as loading while they run, and forgets them when no campaign is open', async () => {
    let answer: (checks: PrePrintCheck[]) => void = () => undefined
    fakeBridge({ runChecks: () => new Promise((resolve) => (answer = resolve)) })
    selectOrders()
    const store = usePrintExportStore()
    const running = store.loadChecks()
    expect([store.checks.loading, store.loading]).toEqual([true, true])
    answer([NO_ADDRESS])
    expect(await running).toEqual([NO_ADDRESS])
    expect([store.checks.loading, store.loading]).toEqual([false, false])
    expect(store.checksKey).not.toBeNull()

    useOrdersStore().campaignId = null
    expect(await store.loadChecks()).toBeNull()
    expect({ ...store.checks }).toEqual({ value: null, loading: false, error: null })
    expect(store.checksKey).toBeNull()
  })

  it('keeps the label preview through a failure with main’s message, until the next answer', async () => {
    fakeBridge()
    selectOrders()
    const store = usePrintExportStore()
    await store.refreshPreview()
    const shown = store.labelsPreview.value
    expect(shown).not.toBeNull()
    fakeBridge({ previewLabels: () => fail('cache_snapshot_closed', 'The campaign was closed.') })
    await store.refreshPreview()
    expect(store.labelsPreview.value).toBe(shown)
    expect(store.labelsPreview.error).toBe('The campaign was closed.')
    fakeBridge()
    await store.refreshPreview()
    expect(store.labelsPreview.error).toBeNull()

    useOrdersStore().campaignId = null
    await store.refreshPreview()
    expect({ ...store.labelsPreview }).toEqual({ value: null, loading: false, error: null })
  })

  it("exports with the current filter and answers main's result", async () => {
    const bridge = fakeBridge({
      exportExcel: () => ({ path: '/tmp/x.xlsx', orders: 1234, sheets: 6 }),
      exportCsv: () => ({ path: '/tmp/x.csv', rows: 3, orders: 1 }),
    })
    const expected = selectOrders()
    const store = usePrintExportStore()
    expect(await store.exportExcel()).toEqual({
      status: 'done',
      kind: 'excel',
      value: { path: '/tmp/x.xlsx', orders: 1234, sheets: 6 },
    })
    expect(bridge.calls.exportExcel).toHaveBeenCalledWith(expected)
    store.csvFormat = 'shipstation'
    expect(await store.exportCsv()).toMatchObject({ status: 'done' })
    expect(bridge.calls.exportCsv).toHaveBeenCalledWith({ ...expected, format: 'shipstation' })
    expect(store.busy).toBeNull()
  })

  it('treats a cancelled dialog as nothing, and a failure as an error', async () => {
    fakeBridge({
      exportExcel: () => null,
      saveLabelsPdf: () => fail('export_write_failed', 'Could not write /x.pdf.'),
      printLabels: () => fail('print_unavailable', 'Printing from the browser: use Save as PDF.'),
    })
    selectOrders()
    const store = usePrintExportStore()
    expect(await store.exportExcel()).toEqual({ status: 'cancelled' })
    expect(store.error).toBeNull()
    expect(await store.printLabels()).toEqual({
      status: 'unavailable',
      message: 'Printing from the browser: use Save as PDF.',
    })
    expect(store.error).toBeNull()
    expect(await store.saveLabelsPdf()).toEqual({
      status: 'failed',
      message: 'Could not write /x.pdf.',
    })
    expect(store.error).toBe('Could not write /x.pdf.')
  })

  it('drops a failure once the selection changes, and every answer once the campaign closes', async () => {
    fakeBridge({
      runChecks: () => [NO_ADDRESS],
      saveLabelsPdf: () => fail('export_write_failed', 'The selected order does not ship.'),
    })
    selectOrders()
    const orders = useOrdersStore()
    const store = usePrintExportStore()
    await store.saveLabelsPdf()
    expect(store.error).toBe('The selected order does not ship.')
    orders.toolbar = { ...orders.toolbar, search: '' }
    await nextTick()
    expect(store.error).toBeNull()

    const slips = useSlipBatchesStore()
    await Promise.all([
      store.saveLabelsPdf(),
      store.loadChecks(),
      store.refreshPreview(),
      slips.refreshPreview(store.selection(), 'letter'),
    ])
    const answers = () => [
      store.error,
      store.checks.value,
      store.labelsPreview.value,
      slips.preview.value,
    ]
    expect(answers()).not.toContain(null)
    // A sign-out closes the campaign: nothing of its copy is left for the next one to show.
    orders.close()
    await nextTick()
    expect([...answers(), store.checksKey]).toEqual([null, null, null, null, null])
  })

  it('counts a dismissed print dialog as cancelled, and starts nothing without a campaign or while busy', async () => {
    let finish: (value: null) => void = () => undefined
    const bridge = fakeBridge({
      printLabels: () => ({ printed: false }),
      exportExcel: () => new Promise<null>((resolve) => (finish = resolve)),
    })
    const store = usePrintExportStore()
    expect(await store.exportCsv()).toEqual({ status: 'no-campaign' })
    expect(bridge.calls.exportCsv).not.toHaveBeenCalled()
    selectOrders()
    expect(await store.printLabels()).toEqual({ status: 'cancelled' })
    const running = store.exportExcel()
    expect(await store.saveSlipsPdf()).toEqual({ status: 'busy' })
    expect(bridge.calls.saveSlipsPdf).not.toHaveBeenCalled()
    finish(null)
    expect(await running).toEqual({ status: 'cancelled' })
  })

  it('sends the label and slip choices with the selection', async () => {
    const bridge = fakeBridge({ printSlips: () => ({ printed: true }) })
    const expected = selectOrders()
    const store = usePrintExportStore()
    store.labels = {
      layout: 'averyL7160',
      startAt: 5,
      offsetMm: { x: 1, y: -0.5 },
      order: 'sequence',
      showSummary: true,
      cn22: false,
    }
    await store.refreshPreview()
    expect(bridge.calls.previewLabels).toHaveBeenCalledWith({
      ...expected,
      layout: 'averyL7160',
      startAt: 5,
      offsetMm: { x: 1, y: -0.5 },
      order: 'sequence',
      showSummary: true,
    })
    store.slipPaper = 'a4'
    expect(await store.printSlips()).toEqual({
      status: 'done',
      kind: 'slips',
      value: { printed: true },
    })
    expect(bridge.calls.printSlips).toHaveBeenCalledWith({
      ...expected,
      paper: 'a4',
      batchSize: 500,
      batch: 0,
    })
  })

  it('asks for the CN22 on 4×6 labels only, as perkpack labels --cn22 does', async () => {
    const bridge = fakeBridge()
    const expected = selectOrders()
    const store = usePrintExportStore()
    store.labels = { ...store.labels, layout: 'thermal4x6', cn22: true }
    await store.refreshPreview()
    expect(bridge.calls.previewLabels).toHaveBeenLastCalledWith(
      expect.objectContaining({ ...expected, layout: 'thermal4x6', cn22: true }),
    )
    store.labels = { ...store.labels, layout: 'avery5160' }
    await store.refreshPreview()
    expect(bridge.calls.previewLabels).toHaveBeenLastCalledWith(
      expect.not.objectContaining({ cn22: true }),
    )
  })

  it('starts from the saved choices once, and saves changes back', async () => {
    const bridge = fakeBridge()
    const store = usePrintExportStore()
    const settings = useSettingsStore()
    await settings.load()
    store.applySettings({
      ...settings.settings!,
      labelLayout: 'thermal4x6',
      slipPaper: 'a4',
      slipBatchSize: 250,
    })
    expect(useSlipBatchesStore().batchSize).toBe(250)
    expect(store.labels.layout).toBe('thermal4x6')
    expect(store.slipPaper).toBe('a4')
    store.applySettings({ ...settings.settings!, labelLayout: 'avery5160' })
    expect(store.labels.layout).toBe('thermal4x6')
    store.labels.showSummary = true
    await store.saveChoices()
    expect(bridge.calls.updateSettings).toHaveBeenCalledWith({
      labelLayout: 'thermal4x6',
      labelOffsetMm: { x: 0, y: 0 },
      labelOrder: 'variant',
      labelSummary: true,
      slipPaper: 'a4',
      slipBatchSize: 250,
    })
  })

  it('follows export progress only while an export runs', async () => {
    let finish: (value: null) => void = () => undefined
    const fake = fakeBridge({
      exportExcel: () => new Promise<null>((resolve) => (finish = resolve)),
    })
    selectOrders()
    const store = usePrintExportStore()
    const off = store.listen()
    fake.emit('export:progress', { kind: 'excel', done: 1, total: 10 })
    expect(store.progress).toBeNull()
    const running = store.exportExcel()
    await Promise.resolve()
    fake.emit('export:progress', { kind: 'excel', done: 4, total: 10 })
    expect(store.progress).toEqual({ kind: 'excel', done: 4, total: 10 })
    finish(null)
    await running
    expect(store.progress).toBeNull()
    off()
    expect(fake.listenerCount('export:progress')).toBe(0)
  })
})
