import { afterEach, describe, expect, it } from 'vitest'
import { stoppedPackedIds } from '../../../../src/main/core/floor/stopped-packed'
import { openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { runPrePrintChecks } from '../../../../src/shared/export/checks'
import { filterContributions } from '../../../../src/shared/fulfillment'
import { cleanup, tempDir } from '../../../helpers/harness'
import { asReceived } from '../../../helpers/model'
import { makeContributions } from '../../fixtures/contributions'

// A box packed before the sync that refunded its order must be raised before printing, even
// though the refunded order is not in the selection being printed.

// Statuses cycle captured, pending, in_fulfillment, fulfilled, refunded (n % 5).
const rows = makeContributions(10)
const opened: OfflineCache[] = []
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  cleanup()
})

describe('pre-print check: packed, now refunded or on hold', () => {
  it('names the packed refunded order first, outside the default selection', () => {
    const cache = openCache({ dataDir: tempDir('perkpack-stopped-'), profile: 'stopped' })
    opened.push(cache)
    const writer = cache.beginSnapshot(7001)
    writer.add(asReceived(rows))
    writer.commit({ expectedCount: rows.length, privileged: true })
    cache.floor().pack(7001, rows[4]!.order.id, 'Desk A') // refunded
    cache.floor().pack(7001, rows[0]!.order.id, 'Desk A') // captured: fine

    const ids = stoppedPackedIds(cache, 7001)
    expect(ids).toEqual([rows[4]!.id])
    const selection = filterContributions(rows)
    expect(selection.map((row) => row.id)).not.toContain(rows[4]!.id)
    const checks = runPrePrintChecks(selection, {
      now: new Date('2024-01-01T12:00:00Z'),
      lastSyncedAt: '2024-01-01T11:00:00Z',
      privileged: true,
      packedButStopped: ids,
    })
    expect(checks[0]).toMatchObject({
      id: 'packed-but-stopped',
      severity: 'error',
      contributionIds: [rows[4]!.id],
    })
    expect(checks[0]!.detail).toBe(
      '1 packed order has a status that does not ship since the last sync (refunded, on hold, in dispute, or one PerkPack does not know): take it off the outgoing pile.',
    )
  })

  it('names packed orders of every status that does not ship, one nobody listed or none at all', () => {
    const cache = openCache({ dataDir: tempDir('perkpack-stopped-'), profile: 'stopped' })
    opened.push(cache)
    const withStatus = (n: number, status: string | undefined) => {
      const row = structuredClone(rows[n]!)
      ;(row.order as { status?: string }).status = status
      return row
    }
    // 0 captured, 2 in_fulfillment, 3 fulfilled ship; the others must not.
    const mixed = [
      rows[0]!,
      withStatus(1, 'pending'),
      rows[2]!,
      rows[3]!,
      withStatus(5, 'chargeback'),
      withStatus(6, 'disputed'),
      withStatus(7, undefined),
      withStatus(8, 'on_hold'),
    ]
    const writer = cache.beginSnapshot(7001)
    writer.add(asReceived(mixed))
    writer.commit({ expectedCount: mixed.length, privileged: true })
    for (const row of mixed) cache.floor().pack(7001, row.order.id, 'Desk A')

    const ids = stoppedPackedIds(cache, 7001)
    expect([...ids].sort((a, b) => a - b)).toEqual(
      [rows[1]!.id, rows[5]!.id, rows[6]!.id, rows[7]!.id, rows[8]!.id].sort((a, b) => a - b),
    )
  })
})
