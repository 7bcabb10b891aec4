import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia } from 'pinia'
import DashboardImportDialog from './DashboardImportDialog.vue'
import { useDashboardStore } from '@renderer/stores/dashboard'
import { dashboardPreview } from '@renderer/test-utils/dashboardPreview'
import { campaignSummary, fakeBridge } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
} from '@renderer/test-utils/mountWithProviders'

const text = () => (document.body.textContent ?? '').replace(/\s+/g, ' ')
/** A figure's label and value, or a list's text, as one string. */
const testId = (id: string) =>
  (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim()

async function mountDialog(overrides: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge({
    previewDashboardImport: ({ campaignId }) => dashboardPreview({ campaignId }),
    importDashboardFile: () => ({
      outcome: 'imported',
      campaign: campaignSummary({ count: 150 }),
      problemRows: 1,
      fileName: 'contributions.csv',
    }),
    ...overrides,
  })
  const pinia = createPinia()
  const wrapper = mountWithProviders(DashboardImportDialog, { pinia })
  return { fake, wrapper, store: useDashboardStore(pinia) }
}

describe('DashboardImportDialog', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    localStorage.clear()
  })

  it('on the sign-in screen asks for the campaign ID and a name, then shows the preview', async () => {
    const { fake, wrapper, store } = await mountDialog()
    store.start({ fromSignIn: true })
    await flushPromises()
    expect(inputByLabel(wrapper, 'Campaign ID')).toBeTruthy()
    expect(inputByLabel(wrapper, 'Campaign name')).toBeTruthy()
    store.campaignId = 1001
    buttonByName('Choose file…').click()
    await flushPromises()
    expect(fake.calls.previewDashboardImport).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(testId('dashboard-file-format')).toBe('UTF-8 with BOM, semicolon (;)')
    expect(testId('dashboard-preview-orders')).toBe('Orders150')
    expect(testId('dashboard-preview-problems')).toBe('Problem rows1')
    expect(testId('dashboard-problems')).toContain(
      'Line 22, column Perk ID: expected a number, got "x"',
    )
    expect(text()).toContain('Campaign 1001 has no offline copy yet')
    expect(text()).toContain('Core Game')
  })

  it('counts the orders to ship as Progress does, and says under the figures what it left out', async () => {
    const { store } = await mountDialog()
    store.start({ fromSignIn: true })
    await flushPromises()
    store.campaignId = 1001
    buttonByName('Choose file…').click()
    await flushPromises()
    expect(testId('dashboard-preview-ships')).toBe('Orders to ship118')
    expect(testId('dashboard-to-ship-note')).toBe(
      'Orders to ship: captured, in fulfillment and fulfilled orders with something to ship; 12 refunded or on hold not counted.',
    )
  })

  it('from a campaign: "Replace the campaign’s orders" writes it and says what was imported', async () => {
    const { fake, store } = await mountDialog({
      previewDashboardImport: () =>
        dashboardPreview({
          current: { count: 140, lastSyncedAt: '2026-11-20T08:00:00Z', source: null },
        }),
    })
    store.start({ campaignId: 1001 })
    await flushPromises()
    expect(text()).toContain('For campaign #1001.')
    buttonByName('Choose file…').click()
    await flushPromises()
    expect(text()).toContain('Replaces the offline copy of campaign 1001 (140 orders).')
    buttonByName('Replace the campaign’s orders').click()
    await flushPromises()
    expect(fake.calls.importDashboardFile).toHaveBeenCalledWith({ campaignId: 1001, previewId: 7 })
    expect(text()).toContain(
      'Imported contributions.csv: 150 orders in the offline copy; 1 problem row kept.',
    )
  })

  it('a much smaller file asks with both counts before anything is replaced', async () => {
    const { fake, store } = await mountDialog({
      previewDashboardImport: () =>
        dashboardPreview({
          orders: 20,
          shrink: true,
          current: { count: 1500, lastSyncedAt: '2026-11-20T08:00:00Z', source: null },
        }),
    })
    store.start({ campaignId: 1001 })
    await flushPromises()
    buttonByName('Choose file…').click()
    await flushPromises()
    buttonByName('Replace the campaign’s orders').click()
    await flushPromises()
    expect(fake.calls.importDashboardFile).not.toHaveBeenCalled()
    expect(text()).toContain('Far fewer orders than the offline copy')
    expect(text()).toContain('holds 20 orders, the offline copy 1,500 (1 %)')
    buttonByName('Replace with the smaller file').click()
    await flushPromises()
    expect(fake.calls.importDashboardFile).toHaveBeenCalledWith({
      campaignId: 1001,
      previewId: 7,
      acceptShrink: true,
    })
  })

  it('says, before the person confirms, how many floor records the imported copy will not show', async () => {
    const { fake, store } = await mountDialog({
      previewDashboardImport: () =>
        dashboardPreview({
          floorLeftBehind: 3,
          current: { count: 140, lastSyncedAt: '2026-11-20T08:00:00Z', source: null },
        }),
    })
    store.start({ campaignId: 1001 })
    await flushPromises()
    buttonByName('Choose file…').click()
    await flushPromises()
    expect(testId('dashboard-floor-left')).toBe(
      "3 orders packed or tracked here will not show on the imported copy: the file has no order ids, so the floor record made against the API's ids does not follow (it is kept, and shows again after a sync).",
    )
    expect(fake.calls.importDashboardFile).not.toHaveBeenCalled()
  })
})
