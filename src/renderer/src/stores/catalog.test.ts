import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { CatalogView } from '@shared/ipc'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useCatalogStore } from './catalog'

const gap = (sku: string, variant: string | null, missing: string[]) => ({
  key: variant === null ? sku : `${sku}|${variant}`,
  sku,
  variant,
  name: `${sku} item`,
  orders: 3,
  abroad: 1,
  missing,
})

const view = (overrides: Partial<CatalogView> = {}): CatalogView => ({
  campaignId: 1001,
  catalog: { items: [{ sku: 'TEE', variant: 'Size=M', weightG: 180 }], packaging: [], pledgeShare: 1 },
  updatedAt: '2026-11-29T10:00:00.000Z',
  gaps: [gap('TEE', 'Size=M', []), gap('PIN', null, ['weight'])],
  team: 'off',
  senderCountry: 'US',
  ...overrides,
}) // prettier-ignore

describe('useCatalogStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('lists the catalogue rows and the variants of the orders without one, flagging what lacks', async () => {
    const bridge = fakeBridge({ catalogView: () => view() })
    const store = useCatalogStore()
    await store.forCampaign(1001)
    expect(bridge.calls.catalogView).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(store.rows.map((row) => [row.sku, row.item !== null, row.missing])).toEqual([
      ['PIN', false, ['weight']],
      ['TEE', true, []],
    ])
    expect(store.incomplete).toBe(1)
    await store.forCampaign(null)
    expect(store.rows).toEqual([])
  })

  it('saves a row, takes the view main answers and closes the drawer', async () => {
    const after = view({ gaps: [gap('PIN', null, [])] })
    const bridge = fakeBridge({ catalogView: () => view(), saveCatalogItem: () => after })
    const store = useCatalogStore()
    await store.forCampaign(1001)
    store.edit({ kind: 'item', row: { sku: 'PIN', variant: null, item: null } })
    expect(await store.saveItem(null, { sku: 'PIN', weight_g: '5' })).toBe(true)
    expect(bridge.calls.saveCatalogItem).toHaveBeenCalledWith({
      campaignId: 1001,
      replaces: null,
      row: { sku: 'PIN', weight_g: '5' },
    })
    expect(store.incomplete).toBe(0)
    expect(store.editing).toBeNull()
  })

  it('keeps the drawer open with main’s message when a save is refused', async () => {
    fakeBridge({
      catalogView: () => view(),
      saveCatalogItem: () => fail('invalid_arguments', 'HS code "12" has 2 digits: it needs 6 to 10.'),
    })
    const store = useCatalogStore()
    await store.forCampaign(1001)
    store.edit({ kind: 'item', row: { sku: 'PIN', variant: null, item: null } })
    expect(await store.saveItem(null, { sku: 'PIN', hs_code: '12' })).toBe(false)
    expect(store.saveError).toBe('HS code "12" has 2 digits: it needs 6 to 10.')
    expect(store.editing).not.toBeNull()
    expect(store.view?.catalog.items).toHaveLength(1)
  }) // prettier-ignore

  it('imports through the dialog, and a cancelled dialog changes nothing', async () => {
    const after = view({ gaps: [] })
    const result = { fileName: 'c.csv', items: 2, packaging: 0, problems: [], view: after }
    const bridge = fakeBridge({ catalogView: () => view(), importCatalog: () => result })
    const store = useCatalogStore()
    await store.forCampaign(1001)
    await store.importCsv()
    expect(store.imported).toEqual(result)
    expect(store.view).toEqual(after)
    bridge.calls.importCatalog.mockImplementation(async () => ({ ok: true, value: null }))
    await store.importCsv()
    expect(store.imported).toBeNull()
    expect(store.view).toEqual(after)
  })
})
