import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useFloorProgressStore } from './floor-progress'
import { trackingPreview } from './floor-tracking.fixtures'
import { useFloorTrackingStore } from './floor-tracking'

const CSV = 'order_number,carrier,tracking_number\n1,USPS,9400 0001\n'
const csvFile = () => new File([CSV], 'shipments.csv', { type: 'text/csv' })
const base64 = (ascii: string) => btoa(ascii)
const PROGRESS = {
  totals: { toShip: 1, printed: 0, packed: 0, shipped: 1 },
  perks: [],
  packedButStopped: [],
}

describe('useFloorTrackingStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('previews the picked file as base64 with the chosen format, writes that preview, refreshes progress', async () => {
    const bridge = fakeBridge({
      previewTracking: () => trackingPreview(),
      importTracking: () => ({ added: 6, unchanged: 0, leftApart: 2 }),
      floorProgress: () => PROGRESS,
    })
    const store = useFloorTrackingStore()
    store.forCampaign(1001)
    store.format = 'shipstation'
    await store.previewFile(csvFile())
    expect(bridge.calls.previewTracking).toHaveBeenCalledWith({
      campaignId: 1001,
      fileName: 'shipments.csv',
      contentBase64: base64(CSV),
      format: 'shipstation',
    })
    expect(store.preview?.previewId).toBe(3)
    expect(bridge.calls.importTracking).not.toHaveBeenCalled()

    await store.importPreview()
    // Nothing ticked: the held rows stay apart.
    expect(bridge.calls.importTracking).toHaveBeenCalledWith({
      campaignId: 1001,
      previewId: 3,
      include: [],
    })
    expect(store.imported).toEqual({ added: 6, unchanged: 0, leftApart: 2 })
    expect(store.preview).toBeNull()
    expect(useFloorProgressStore().progress).toEqual(PROGRESS)
  })

  it('writes the held rows of the reasons ticked for this preview, and forgets them for the next', async () => {
    const bridge = fakeBridge({
      previewTracking: () => trackingPreview(),
      importTracking: () => ({ added: 8, unchanged: 0, leftApart: 0 }),
      floorProgress: () => PROGRESS,
    })
    const store = useFloorTrackingStore()
    store.forCampaign(1001)
    await store.previewFile(csvFile())
    store.include = ['not-packed']
    await store.importPreview()
    expect(bridge.calls.importTracking).toHaveBeenCalledWith({
      campaignId: 1001,
      previewId: 3,
      include: ['not-packed'],
    })
    expect(store.include).toEqual([])
    store.include = ['stopped']
    await store.previewFile(csvFile())
    expect(store.include).toEqual([])
  })

  it('lets the header decide on Automatic, and shows main’s message for a file that is no export', async () => {
    const message =
      'shipments.csv, line 1: the header lacks order number and tracking number columns (the generic header is exactly order_number,carrier,tracking_number); it has name, email.'
    const bridge = fakeBridge({ previewTracking: () => fail('usage', message) })
    const store = useFloorTrackingStore()
    store.forCampaign(1001)
    await store.previewFile(csvFile())
    expect(bridge.calls.previewTracking.mock.calls[0]?.[0]).not.toHaveProperty('format')
    expect(store.importError).toBe(message)
    expect(store.preview).toBeNull()
    expect(store.previewing).toBe(false)
  })

  it('keeps a stale preview from being written twice and says to choose the file again', async () => {
    fakeBridge({
      previewTracking: () => trackingPreview(),
      importTracking: () => fail('tracking_preview_gone', 'This preview is no longer at hand.'),
    })
    const store = useFloorTrackingStore()
    store.forCampaign(1001)
    await store.previewFile(csvFile())
    await store.importPreview()
    expect(store.importError).toBe('This preview is no longer at hand.')
    expect(store.preview).toBeNull()
    expect(store.imported).toBeNull()
  })

  it('fills the dashboard file, and a cancelled save leaves no report', async () => {
    const report = {
      path: '/tmp/contributions-with-tracking.csv',
      rows: 4,
      matchedBy: 'Pledge ID',
      filled: 2,
      replaced: 0,
      unchanged: 0,
      noTracking: 2,
      unmatched: 0,
      unmatchedLines: [],
    }
    let answer: typeof report | null = report
    const bridge = fakeBridge({ fillDashboard: () => answer })
    const store = useFloorTrackingStore()
    store.forCampaign(1001)
    await store.fillDashboard(new File(['Pledge ID\n1\n'], 'contributions.csv'))
    expect(bridge.calls.fillDashboard).toHaveBeenCalledWith({
      campaignId: 1001,
      fileName: 'contributions.csv',
      contentBase64: base64('Pledge ID\n1\n'),
    })
    expect(store.fillReport).toEqual(report)
    answer = null
    await store.fillDashboard(new File(['Pledge ID\n1\n'], 'contributions.csv'))
    expect(store.fillReport).toBeNull()
    expect(store.fillError).toBeNull()
  })

  it('drops a preview and a report when another campaign opens, and keeps them for the same one', async () => {
    fakeBridge({
      previewTracking: () => trackingPreview(),
      fillDashboard: () => fail('invalid_arguments', 'Choose the CSV the dashboard exported.'),
    })
    const store = useFloorTrackingStore()
    store.forCampaign(1001)
    await store.previewFile(csvFile())
    await store.fillDashboard(new File(['x\n'], 'contributions.csv'))
    store.forCampaign(1001)
    expect(store.preview).not.toBeNull()
    expect(store.fillError).toBe('Choose the CSV the dashboard exported.')
    store.forCampaign(1002)
    expect(store.preview).toBeNull()
    expect(store.fillError).toBeNull()
  })
})
