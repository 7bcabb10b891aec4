import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { LabelsPreview, PrePrintCheck, SlipsPreview } from '@shared/ipc'
import { ATTENTION_TITLE } from '@renderer/composables/useConfirmChecks'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { orderRow, queryResult, snapshot } from '@renderer/stores/orders.fixtures'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import type { FakeHandlers } from '@renderer/test-utils/fakeBridge'
import {
  accessibleName,
  buttonByName,
  mountWithProviders,
} from '@renderer/test-utils/mountWithProviders'
import PrintExportView from './PrintExportView.vue'

const ERROR_CHECK: PrePrintCheck = {
  id: 'missing-address',
  title: 'Missing address',
  severity: 'error',
  count: 2,
  contributionIds: [1, 2],
  detail: '2 orders need shipping but have no address.',
}
const WARNING_CHECK: PrePrintCheck = {
  id: 'possible-duplicates',
  title: 'Possible duplicates',
  severity: 'warning',
  count: 2,
  contributionIds: [2, 3],
  detail: '2 orders go to the same recipient and address as another order (1 group).',
}

const PREVIEW: LabelsPreview = {
  html: '<!DOCTYPE html><html><body><section class="sheet">Ada Lovelace</section></body></html>',
  labels: 3,
  pages: 1,
  skipped: [{ contributionId: 2, sequenceNumber: 2, message: 'The shipping address is empty' }],
  warnings: [],
  skippedCount: 1,
  leftOut: { nothingToShip: 0, noAddress: 1 },
  warningCount: 0,
  pageWidthPx: 816,
  pageHeightPx: 1056,
  skippedReasons: [{ reason: 'The shipping address is empty', count: 1 }],
  layout: 'avery5160',
}

const SLIPS: SlipsPreview = {
  html: '<!DOCTYPE html><html><body><section class="slip">Ada Lovelace</section></body></html>',
  slips: 3,
  skippedCount: 0,
  batchSize: 500,
  batches: [{ index: 0, from: 0, to: 3 }],
  pageWidthPx: 816,
  pageHeightPx: 1056,
}

function lastButtonNamed(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].filter((b) => accessibleName(b) === name)
  const last = found.at(-1)
  if (!last) throw new Error(`No button named "${name}"`)
  return last
}

async function mountView(overrides: Partial<FakeHandlers> = {}) {
  const rows = [orderRow(1), orderRow(2), orderRow(3)]
  const fake = fakeBridge({
    openOrders: () => snapshot(rows),
    queryOrders: () => queryResult(rows),
    previewLabels: () => PREVIEW,
    previewSlips: () => SLIPS,
    ...overrides,
  })
  const pinia = createPinia()
  setActivePinia(pinia)
  useCampaignsStore().currentId = 1001
  const wrapper = mountWithProviders(PrintExportView, { pinia })
  await flushPromises()
  return { fake, wrapper }
}

describe('PrintExportView', () => {
  beforeEach(() => vi.useRealTimers())
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('sums up the selection and lists the checks with severity and count', async () => {
    await mountView({ runChecks: () => [ERROR_CHECK, WARNING_CHECK] })
    const text = document.body.textContent ?? ''
    expect(text).toContain('3 orders selected')
    expect(text).toContain('Captured, In fulfillment')
    const findings = [...document.querySelectorAll('[data-severity]')]
    expect(findings.map((f) => f.getAttribute('data-severity'))).toEqual(['error', 'warning'])
    expect(findings[0]?.textContent).toContain('Missing address')
    expect(findings[0]?.textContent).toContain('2 orders')
    expect(findings[0]?.textContent).toContain('need shipping but have no address')
  })

  it('opens a check as a list in Orders', async () => {
    await mountView({ runChecks: () => [ERROR_CHECK] })
    buttonByName('Open list').click()
    const navigation = useNavigationStore()
    expect(navigation.view).toBe('orders')
    expect(navigation.ordersList).toMatchObject({ title: 'Missing address', ids: [1, 2] })
  })

  it('puts the first sheet in a sandboxed preview frame', async () => {
    await mountView()
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Label preview"]')
    expect(frame).not.toBeNull()
    expect(frame?.getAttribute('sandbox')).toBe('')
    expect(frame?.getAttribute('srcdoc')).toBe(PREVIEW.html)
    expect(document.body.textContent).toContain('3 labels on 1 sheet')
    expect(document.body.textContent).toContain('1 order left out: 1 without an address')
  })

  it('asks before exporting when a check is an error, and exports only on Continue', async () => {
    const { fake } = await mountView({
      runChecks: () => [ERROR_CHECK],
      exportExcel: () => ({ path: '/tmp/packing.xlsx', orders: 3, sheets: 5 }),
    })
    buttonByName('Export Excel').click()
    await flushPromises()
    expect(document.body.textContent).toContain(ATTENTION_TITLE)
    expect(document.body.textContent).toContain('Missing address: 2 orders need shipping')
    buttonByName('Review').click()
    await flushPromises()
    expect(fake.calls.exportExcel).not.toHaveBeenCalled()

    buttonByName('Export Excel').click()
    await flushPromises()
    // The first dialog may still be leaving (no transitions end in happy-dom): the newest one.
    lastButtonNamed('Continue').click()
    await flushPromises()
    expect(fake.calls.exportExcel).toHaveBeenCalledWith({
      campaignId: 1001,
      filter: { statuses: ['captured', 'in_fulfillment'] },
    })
    expect(document.body.textContent).toContain('Saved the packing list (3 orders, 5 sheets)')
  })

  it('goes straight on when the checks hold warnings only', async () => {
    const { fake } = await mountView({
      runChecks: () => [WARNING_CHECK],
      printLabels: () => ({ printed: true }),
    })
    buttonByName('Print labels').click()
    await flushPromises()
    expect(document.body.textContent).not.toContain(ATTENTION_TITLE)
    expect(fake.calls.printLabels).toHaveBeenCalledWith(
      expect.objectContaining({ campaignId: 1001, layout: 'avery5160', startAt: 1 }),
    )
  })

  it('names every control', async () => {
    await mountView()
    for (const label of ['Label layout', 'CSV format', 'Batch to print']) {
      expect(document.querySelectorAll(`.n-select[aria-label="${label}"]`), label).toHaveLength(1)
    }
    for (const label of [
      'Start at label',
      'Printer offset right (mm)',
      'Printer offset down (mm)',
      'Slips per batch',
    ]) {
      expect(document.querySelector(`input[aria-label="${label}"]`), label).not.toBeNull()
    }
    for (const name of [
      'Export Excel',
      'Export CSV',
      'Print labels',
      'Save labels as PDF',
      'Print packing slips',
      'Save packing slips as PDF',
    ]) {
      expect(buttonByName(name).disabled, name).toBe(false)
    }
    expect(document.querySelector('[aria-label="Label order"]')).not.toBeNull()
    expect(document.querySelector('[aria-label="Paper"]')).not.toBeNull()
    expect(document.querySelector('[aria-label="Show order line"]')).not.toBeNull()
  })
})
