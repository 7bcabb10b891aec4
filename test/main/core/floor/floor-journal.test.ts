import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { WaveOverlapError } from '../../../../src/main/core/floor/wave-store'

// The floor plan's pending list (cache schema v10): what each store's write records for the
// team store, in the transaction of the write.

const CAMPAIGN = 7001
const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function open(): OfflineCache {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-journal-'))
  dirs.push(dir)
  const cache = openCache({ dataDir: dir, profile: 'journal' })
  opened.push(cache)
  return cache
}

/** The pending list as another process would read it from the file. */
function pending(
  cache: OfflineCache,
): { uuid: string; kind: string; change: Record<string, unknown> }[] {
  const db = new Database(cache.path, { readonly: true })
  try {
    return db
      .prepare<[], { uuid: string; kind: string; change: string }>(
        'SELECT uuid, kind, change FROM floor_plan_pending ORDER BY seq',
      )
      .all()
      .map((row) => ({ ...row, change: JSON.parse(row.change) as Record<string, unknown> }))
  } finally {
    db.close()
  }
}

describe('the floor plan records its changes for the team store', () => {
  it('one entry per change made, none for a change refused or with nothing to do', () => {
    const cache = open()
    const plan = cache.floorPlan()
    expect(plan.corrections.hold(CAMPAIGN, 1, 'customs', 'Desk A')).toBe(true)
    expect(plan.corrections.hold(CAMPAIGN, 1, 'again', 'Desk A')).toBe(false)
    expect(plan.corrections.release(CAMPAIGN, 2, 'Desk A')).toBe(false)
    plan.waves.create(CAMPAIGN, 'Wave 1', [1, 2, 2], 'Desk A')
    expect(() => plan.waves.create(CAMPAIGN, 'Wave 2', [2], 'Desk A')).toThrow(WaveOverlapError)
    expect(plan.waves.close(CAMPAIGN, 'Wave 1', new Date(), 'Desk A')).toBe(true)
    expect(pending(cache).map((entry) => entry.kind)).toEqual(['hold', 'wave-save', 'wave-close'])
    const [, save, close] = pending(cache)
    expect(save!.change).toMatchObject({ name: 'Wave 1', orderIds: [1, 2] })
    // The close names the wave it closes by its id across desks.
    expect(close!.change).toMatchObject({ wave: save!.uuid })
  })

  it('a count is sent whole, unchanged levels too; a pack sends its deltas', () => {
    const cache = open()
    const plan = cache.floorPlan()
    const mug = { skuCode: 'MUG', choices: [] }
    plan.stock.set(CAMPAIGN, [{ ...mug, quantity: 5 }], 'set', 'Desk A')
    expect(plan.stock.set(CAMPAIGN, [{ ...mug, quantity: 5 }], 'import', 'Desk A')).toBe(0)
    plan.stock.adjust(CAMPAIGN, [{ ...mug, variantKey: 'MUG', delta: -1 }], 'pack', 9, 'Desk A')
    expect(pending(cache).map((entry) => entry.change)).toEqual([
      {
        kind: 'stock-set',
        reason: 'set',
        levels: [{ ...mug, variantKey: 'MUG', quantity: 5 }],
        by: 'Desk A',
      },
      {
        kind: 'stock-set',
        reason: 'import',
        levels: [{ ...mug, variantKey: 'MUG', quantity: 5 }],
        by: 'Desk A',
      },
      {
        kind: 'stock-delta',
        reason: 'pack',
        orderId: 9,
        deltas: [{ ...mug, variantKey: 'MUG', delta: -1 }],
        by: 'Desk A',
      },
    ])
  })
})
