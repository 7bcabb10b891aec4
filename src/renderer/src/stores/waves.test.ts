import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { StockRow, WaveParcels, WaveProposal, WaveSummary } from '@shared/ipc'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useWavesStore } from './waves'

const row = (overrides: Partial<StockRow> = {}): StockRow => ({
  variantKey: 'TEE|Size=M',
  skuCode: 'TEE',
  choices: [{ name: 'Size', value: 'M' }],
  choicesText: 'Size: M',
  itemName: 'T-shirt',
  quantity: null,
  updatedAt: null,
  ...overrides,
})
const wave = (overrides: Partial<WaveSummary> = {}): WaveSummary => ({
  name: 'March batch',
  status: 'open',
  orderCount: 4,
  packedCount: 1,
  partialCount: 0,
  followUnits: 0,
  createdAt: '2024-05-01T12:00:00.000Z',
  createdBy: 'Desk A',
  closedAt: null,
  ...overrides,
})
const PROPOSAL: WaveProposal = {
  priority: 'country',
  partial: true,
  orderIds: [11, 12],
  partialOrders: 1,
  units: 5,
  waiting: 3,
  short: [],
}

describe('useWavesStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads the stock and the waves of the campaign, and forgets them for another', async () => {
    const bridge = fakeBridge({
      stockLevels: () => ({ rows: [row()] }),
      listWaves: () => [wave(), wave({ name: 'Old', status: 'closed' })],
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    expect(bridge.calls.stockLevels).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(store.stock).toEqual([row()])
    expect(store.openWaves.map((w) => w.name)).toEqual(['March batch'])
    bridge.calls.stockLevels.mockImplementation(async () => ({ ok: true, value: { rows: [] } }))
    await store.forCampaign(null)
    expect(store.stock).toEqual([])
    expect(store.waves).toEqual([])
  })

  it('says a campaign never synced is not synced, not an error', async () => {
    fakeBridge({
      stockLevels: () => fail('campaign_not_synced', 'Sync it first.'),
      listWaves: () => [],
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    expect(store.notSynced).toBe(true)
    expect(store.error).toBeNull()
  })

  it('sends a typed level with the variant and drops a proposal made over the old stock', async () => {
    const bridge = fakeBridge({
      stockLevels: () => ({ rows: [row()] }),
      listWaves: () => [],
      proposeWave: () => PROPOSAL,
      setStockLevel: () => ({ rows: [row({ quantity: 9 })] }),
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    await store.propose()
    expect(store.proposal).toEqual(PROPOSAL)
    await store.setLevel(row(), 9)
    expect(bridge.calls.setStockLevel).toHaveBeenCalledWith({
      campaignId: 1001,
      skuCode: 'TEE',
      choices: [{ name: 'Size', value: 'M' }],
      quantity: 9,
    })
    expect(store.stock[0]?.quantity).toBe(9)
    expect(store.proposal).toBeNull()
  })

  it('proposes with the chosen priority and partial, and saves the wave under a name', async () => {
    const bridge = fakeBridge({
      stockLevels: () => ({ rows: [] }),
      listWaves: () => [wave()],
      proposeWave: () => PROPOSAL,
      saveWave: () => wave(),
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    store.choose({ priority: 'country', partial: true })
    expect(await store.save('Too early')).toBe(false)
    await store.propose()
    expect(bridge.calls.proposeWave).toHaveBeenCalledWith({
      campaignId: 1001,
      priority: 'country',
      partial: true,
    })
    expect(await store.save('  March batch ')).toBe(true)
    expect(bridge.calls.saveWave).toHaveBeenCalledWith({
      campaignId: 1001,
      priority: 'country',
      partial: true,
      name: 'March batch',
    })
    expect(store.proposal).toBeNull()
    expect(bridge.calls.listWaves).toHaveBeenCalledTimes(2)
  })

  it("shows main's sentence when a save is refused, and keeps the proposal", async () => {
    fakeBridge({
      stockLevels: () => ({ rows: [] }),
      listWaves: () => [],
      proposeWave: () => PROPOSAL,
      saveWave: () => fail('wave_conflict', 'A wave named "A" exists already.'),
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    await store.propose()
    expect(await store.save('A')).toBe(false)
    expect(store.planError).toBe('A wave named "A" exists already.')
    expect(store.proposal).toEqual(PROPOSAL)
  })

  it('imports a picked file as base64 and shows what it read', async () => {
    const result = {
      fileName: 'stock.csv',
      read: 1,
      changed: 1,
      problems: [{ line: 3, problem: 'no SKU' }],
      unshipped: [],
      stock: { rows: [row({ quantity: 4 })] },
    }
    const bridge = fakeBridge({
      stockLevels: () => ({ rows: [row()] }),
      listWaves: () => [],
      importStock: () => result,
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    await store.importFile(new File(['sku,quantity\nTEE,4\n'], 'stock.csv', { type: 'text/csv' }))
    expect(bridge.calls.importStock).toHaveBeenCalledWith({
      campaignId: 1001,
      fileName: 'stock.csv',
      contentBase64: btoa('sku,quantity\nTEE,4\n'),
    })
    expect(store.imported).toEqual(result)
    expect(store.stock[0]?.quantity).toBe(4)
  })

  it('closes a wave and takes the list main answers', async () => {
    const bridge = fakeBridge({
      stockLevels: () => ({ rows: [] }),
      listWaves: () => [wave()],
      closeWave: () => [wave({ status: 'closed', closedAt: '2024-05-02T00:00:00.000Z' })],
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    await store.close('March batch')
    expect(bridge.calls.closeWave).toHaveBeenCalledWith({ campaignId: 1001, name: 'March batch' })
    expect(store.openWaves).toEqual([])
  })

  it("opens a wave's orders shipping in part, closes them, and forgets them for another campaign", async () => {
    const list: WaveParcels = { name: 'March batch', partialCount: 0, rows: [] }
    const bridge = fakeBridge({
      stockLevels: () => ({ rows: [] }),
      listWaves: () => [wave({ partialCount: 1 })],
      waveParcels: () => list,
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    await store.showParcels('March batch')
    expect(bridge.calls.waveParcels).toHaveBeenCalledWith({ campaignId: 1001, name: 'March batch' })
    expect(store.parcels).toEqual(list)
    expect(store.openingParcels).toBeNull()
    await store.showParcels(null)
    expect(store.parcels).toBeNull()
    await store.showParcels('March batch')
    await store.forCampaign(1002)
    expect(store.parcels).toBeNull()
  })

  it("says why a wave's orders in part could not be read", async () => {
    fakeBridge({
      stockLevels: () => ({ rows: [] }),
      listWaves: () => [wave({ partialCount: 1 })],
      waveParcels: () => fail('wave_not_found', 'There is no wave named "March batch".'),
    })
    const store = useWavesStore()
    await store.forCampaign(1001)
    await store.showParcels('March batch')
    expect(store.parcels).toBeNull()
    expect(store.listError).toContain('There is no wave named "March batch"')
  })
})
