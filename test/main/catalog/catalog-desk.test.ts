import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import { readCatalogCsv } from '../../../src/shared/catalog'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

// The catalogue from the window (issue 29), through the real handler table: rows edited with
// the CSV reader's rule, a CSV imported and exported through the dialogs, and the variants of
// the campaign's orders the catalogue lacks.

let app: TestApp
let campaignId: number
const dir = tempDir()
let openAnswer: string | null = null

beforeAll(async () => {
  const sim = await startSim({ contributions: 60 })
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => path.join(dir, defaultName),
    chooseOpenPath: async () => openAnswer,
    print: async () => true,
  }
  app = await makeApp({ sim, services: { desktop } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
}, 60_000)
afterAll(cleanupApps)

describe('catalog:view', () => {
  it('lists every variant the orders ship as missing its weight while the catalogue is empty', async () => {
    const view = await app.value('catalog:view', { campaignId })
    expect(view.catalog.items).toEqual([])
    expect(view.team).toBe('off')
    expect(view.gaps.length).toBeGreaterThan(0)
    expect(view.gaps.every((gap) => gap.missing.includes('weight'))).toBe(true)
  })
})

describe('catalog:saveItem and catalog:removeItem', () => {
  it('saves a typed row read as the CSV reads it, and the gap of its variant goes', async () => {
    const gap = (await app.value('catalog:view', { campaignId })).gaps[0]!
    const view = await app.value('catalog:saveItem', {
      campaignId,
      replaces: null,
      row: {
        sku: gap.sku,
        variant: gap.variant ?? '',
        weight_g: '0.2 kg',
        hs_code: '6109.10',
        origin_country: 'Portugal',
        customs_description: 'Cotton T-shirt',
      },
    })
    expect(view.catalog.items).toEqual([
      {
        sku: gap.sku,
        variant: gap.variant,
        weightG: 200,
        hsCode: '610910',
        originCountry: 'PT',
        customsDescription: 'Cotton T-shirt',
      },
    ])
    expect(view.gaps.find((other) => other.key === gap.key)?.missing).not.toContain('weight')
    expect(view.updatedAt).not.toBeNull()
  })

  it('refuses a bad HS code with the CSV reader’s message and keeps the catalogue', async () => {
    const before = (await app.value('catalog:view', { campaignId })).catalog
    const answer = await app.call('catalog:saveItem', {
      campaignId,
      replaces: null,
      row: { sku: 'TEE', hs_code: '12' },
    })
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_arguments',
        message: expect.stringContaining('HS code "12" has 2 digits: it needs 6 to 10'),
      }),
    })
    expect((await app.value('catalog:view', { campaignId })).catalog).toEqual(before)
  })

  it('replaces the edited row in place, even when its variant changes, and removes it', async () => {
    const [first] = (await app.value('catalog:view', { campaignId })).catalog.items
    const edited = await app.value('catalog:saveItem', {
      campaignId,
      replaces: { sku: first!.sku, variant: first!.variant },
      row: { sku: first!.sku, variant: 'Size=Z', weight_g: '300' },
    })
    expect(edited.catalog.items).toEqual([{ sku: first!.sku, variant: 'Size=Z', weightG: 300 }])
    const removed = await app.value('catalog:removeItem', {
      campaignId,
      item: { sku: first!.sku, variant: 'Size=Z' },
    })
    expect(removed.catalog.items).toEqual([])
  })
})

describe('packaging presets', () => {
  it('saves, renames and removes a box, asking for its sides', async () => {
    const row = { name: 'Mailer', weight_g: '40', length_cm: '35', width_cm: '25', height_cm: '3' }
    const saved = await app.value('catalog:savePackaging', { campaignId, replaces: null, row })
    expect(saved.catalog.packaging.map((box) => box.name)).toEqual(['Mailer'])
    const renamed = await app.value('catalog:savePackaging', {
      campaignId,
      replaces: 'Mailer',
      row: { ...row, name: 'Mailer S', perk_ids: '7' },
    })
    expect(renamed.catalog.packaging).toEqual([
      { name: 'Mailer S', weightG: 40, lengthCm: 35, widthCm: 25, heightCm: 3, perkIds: [7] },
    ])
    const noSide = await app.call('catalog:savePackaging', {
      campaignId,
      replaces: null,
      row: { name: 'Box', weight_g: '100' },
    })
    expect(noSide.ok).toBe(false)
    const gone = await app.value('catalog:removePackaging', { campaignId, name: 'Mailer S' })
    expect(gone.catalog.packaging).toEqual([])
  })
})

describe('catalog:import and catalog:export', () => {
  it('imports the rows it can read, names the lines it cannot, and exports them back', async () => {
    const gaps = (await app.value('catalog:view', { campaignId })).gaps
    const lines = gaps.map((gap) => `${gap.sku},${gap.variant ?? ''},250,950300,CN,Toy`)
    const file = path.join(dir, 'catalog-in.csv')
    fs.writeFileSync(
      file,
      [
        'sku,variant,weight_g,hs_code,origin_country,customs_description',
        ...lines,
        'PIN,,1,12,CN,x',
      ].join('\n'),
    )
    openAnswer = file
    const result = await app.value('catalog:import', { campaignId })
    expect(result).toMatchObject({ fileName: 'catalog-in.csv', items: gaps.length, packaging: 0 })
    expect(result?.problems).toEqual([
      expect.stringMatching(new RegExp(`^Line ${gaps.length + 2}: HS code "12"`)),
    ])
    expect(result?.view.gaps.filter((gap) => gap.missing.length > 0)).toEqual([])

    const exported = await app.value('catalog:export', { campaignId })
    expect(exported).toMatchObject({ items: gaps.length, packaging: 0 })
    const back = readCatalogCsv(fs.readFileSync(exported!.path, 'utf8'))
    expect(back.problems).toEqual([])
    expect(back.items).toEqual(result?.view.catalog.items)
  })

  it('answers null when the dialog is cancelled, writing nothing', async () => {
    openAnswer = null
    const before = (await app.value('catalog:view', { campaignId })).updatedAt
    expect(await app.value('catalog:import', { campaignId })).toBeNull()
    expect((await app.value('catalog:view', { campaignId })).updatedAt).toBe(before)
  })
})
