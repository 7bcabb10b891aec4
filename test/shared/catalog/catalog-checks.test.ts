import { describe, expect, it } from 'vitest'
import { emptyCatalog } from '../../../src/shared/catalog'
import { runPrePrintChecks } from '../../../src/shared/export/checks'
import type { PrePrintContext } from '../../../src/shared/export/checks'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { CATALOG, order, perk } from './catalog-fixtures'

const CONTEXT: PrePrintContext = {
  now: new Date('2026-05-02T10:00:00Z'),
  lastSyncedAt: '2026-05-02T09:00:00Z',
  privileged: true,
  senderCountry: 'US',
  catalog: CATALOG,
}

function checkOf(rows: CampaignContribution[], id: string, context: Partial<PrePrintContext> = {}) {
  return runPrePrintChecks(rows, { ...CONTEXT, ...context }).find((check) => check.id === id)
}

const pin = () => perk(1, 10, [{ sku: 'PIN', quantity: 2 }])
const tee = () => perk(2, 25, [{ sku: 'TEE', quantity: 1 }])
const poster = () => perk(3, 15, [{ sku: 'POSTER', quantity: 1 }])

describe('the catalogue pre-print checks', () => {
  it('names the orders and SKUs without a weight', () => {
    const rows = [order([pin()]), order([tee()]), order([poster()], 'CA')]
    const check = checkOf(rows, 'missing-weight')
    expect(check?.contributionIds).toEqual([rows[0]!.id, rows[2]!.id])
    expect(check?.detail).toContain(`#${rows[0]!.order.sequence_number}`)
    expect(check?.detail).toContain('PIN, POSTER have no weight in the catalogue')
  })

  it('asks for customs data only of orders that leave the customs area', () => {
    const home = order([poster()], 'US')
    const abroad = order([poster()], 'CA')
    const complete = order([tee()], 'CA')
    const check = checkOf([home, abroad, complete], 'missing-customs')
    expect(check?.contributionIds).toEqual([abroad.id])
    expect(check?.detail).toContain('HS code, country of origin, customs description')
  })

  it('counts the EU as one customs area for a sender in it', () => {
    const france = order([poster()], 'FR')
    const swiss = order([poster()], 'CH')
    const check = checkOf([france, swiss], 'missing-customs', { senderCountry: 'DE' })
    expect(check?.contributionIds).toEqual([swiss.id])
  })

  it('asks for a value when the perk has no amount and the catalogue none', () => {
    const noAmount = { ...tee(), amount: null as unknown as number }
    const row = order([noAmount], 'GB')
    expect(checkOf([row], 'missing-customs')?.detail).toContain('without value')
  })

  it('raises nothing when the catalogue is empty or absent', () => {
    const rows = [order([poster()], 'CA')]
    expect(checkOf(rows, 'missing-weight', { catalog: emptyCatalog() })).toBeUndefined()
    expect(checkOf(rows, 'missing-customs', { catalog: undefined })).toBeUndefined()
  })
})
