import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import { NO_DESKTOP } from '../../../src/main/export/desktop-port'
import { TrackingDesk } from '../../../src/main/floor/tracking-desk'
import { openCache } from '../../../src/main/core/cache'
import type { OfflineCache } from '../../../src/main/core/cache'
import { IPC_CHANNELS } from '../../../src/shared/ipc'
import { cleanup, tempDir } from '../../helpers/harness'
import { asReceived } from '../../helpers/model'
import { makeContributions } from '../fixtures/contributions'

const CAMPAIGN = 7001
const rows = makeContributions(10)
const opened: OfflineCache[] = []
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  cleanup()
})

function setUp(desktop: Desktop = NO_DESKTOP, now = () => 1_000) {
  const dir = tempDir('perkpack-tracking-desk-')
  const cache = openCache({ dataDir: dir, profile: 'desk' })
  opened.push(cache)
  const writer = cache.beginSnapshot(CAMPAIGN)
  writer.add(asReceived(rows))
  writer.commit({ expectedCount: rows.length, privileged: true })
  return { dir, cache, desk: new TrackingDesk(() => cache, desktop, now) }
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const seq = (n: number) => rows[n]!.order.sequence_number

describe('the app side of tracking numbers', () => {
  it('previews without writing, then writes exactly the preview', async () => {
    const { cache, desk } = setUp()
    cache.floor().pack(CAMPAIGN, rows[2]!.order.id, 'Desk A')
    const preview = desk.preview({
      campaignId: CAMPAIGN,
      fileName: 'parcels.csv',
      contentBase64: b64(`order_number,carrier,tracking_number\n${seq(2)},UPS,1Z2\n777,UPS,1Z7\n`),
    })
    expect(preview).toMatchObject({
      format: 'generic',
      rows: 2,
      matched: 1,
      unmatched: { count: 1, rows: [{ line: 3, orderNumber: '777' }] },
    })
    expect(cache.floor().state(CAMPAIGN, rows[2]!.order.id)?.trackingNumbers).toEqual([])

    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId }),
    ).resolves.toEqual({ added: 1, unchanged: 0, leftApart: 0 })
    expect(cache.floor().state(CAMPAIGN, rows[2]!.order.id)?.trackingNumbers).toEqual(['1Z2'])
    // Written once: the same preview cannot be written twice.
    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId }),
    ).rejects.toThrow(/Choose the file again/)
  })

  it('leaves the numbers of orders no parcel went out for apart, until the person includes them', async () => {
    const { cache, desk } = setUp()
    // Statuses cycle captured, pending, in_fulfillment, fulfilled, refunded.
    const packedOne = rows[0]!.order
    cache.floor().pack(CAMPAIGN, packedOne.id, 'Desk A')
    const file = b64(
      [
        'order_number,carrier,tracking_number',
        `${seq(0)},UPS,1Z0`,
        `${seq(3)},UPS,1Z3`,
        `${seq(4)},UPS,1Z4`,
        `${seq(3)},UPS,1Z3`,
        '',
      ].join('\n'),
    )
    const request = { campaignId: CAMPAIGN, fileName: 'parcels.csv', contentBase64: file }
    const first = desk.preview(request)
    expect(first).toMatchObject({ rows: 4, matched: 1, duplicates: 1 })
    expect(first.held).toEqual({
      count: 2,
      byReason: { stopped: 1, 'nothing-to-ship': 0, 'not-packed': 1 },
      rows: [
        expect.objectContaining({ line: 3, sequenceNumber: seq(3), reason: 'not-packed' }),
        expect.objectContaining({ line: 4, sequenceNumber: seq(4), reason: 'stopped' }),
      ],
    })

    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: first.previewId }),
    ).resolves.toEqual({ added: 1, unchanged: 0, leftApart: 2 })
    expect(cache.floor().state(CAMPAIGN, rows[3]!.order.id)?.trackingNumbers ?? []).toEqual([])

    const second = desk.preview(request)
    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: second.previewId, include: ['not-packed'] }),
    ).resolves.toEqual({ added: 1, unchanged: 0, leftApart: 1 })
    expect(cache.floor().state(CAMPAIGN, rows[3]!.order.id)?.trackingNumbers).toEqual(['1Z3'])
    expect(cache.floor().state(CAMPAIGN, rows[4]!.order.id)?.trackingNumbers ?? []).toEqual([])
  })

  it('the import channel takes only the reasons it knows', () => {
    const args = IPC_CHANNELS['floor:trackingImport'].args
    expect(
      args.safeParse([{ campaignId: CAMPAIGN, previewId: 1, include: ['stopped'] }]).success,
    ).toBe(true)
    const bad = args.safeParse([{ campaignId: CAMPAIGN, previewId: 1, include: ['everything'] }])
    expect(bad.error?.issues[0]?.message).toBe(
      'Each reason to include must be one of stopped, nothing-to-ship, not-packed (got "everything").',
    )
  })

  it("names a conflict's order by its order number as well as its id", () => {
    const { cache, desk } = setUp()
    const order = rows[4]!.order
    cache
      .floor()
      .addTracking(CAMPAIGN, [{ orderId: order.id, carrier: 'usps', trackingNumber: '9400' }])
    const preview = desk.preview({
      campaignId: CAMPAIGN,
      fileName: 'parcels.csv',
      contentBase64: b64(`order_number,carrier,tracking_number\n#${seq(4)},usps,9401\n`),
    })
    expect(order.sequence_number).not.toBe(order.id)
    expect(preview.conflicts.rows).toEqual([
      {
        line: 2,
        orderId: order.id,
        sequenceNumber: order.sequence_number,
        trackingNumber: '9401',
        stored: ['9400'],
      },
    ])
  })

  it('a preview too old to trust is refused', async () => {
    let now = 0
    const { desk } = setUp(NO_DESKTOP, () => now)
    const preview = desk.preview({
      campaignId: CAMPAIGN,
      fileName: 'parcels.csv',
      contentBase64: b64(`order_number,carrier,tracking_number\n${seq(1)},UPS,1Z1\n`),
    })
    now = 16 * 60_000
    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId }),
    ).rejects.toThrow(/no longer at hand/)
  })

  it('fills the dashboard file where the person chose, or writes nothing when cancelled', async () => {
    let answer: string | null = null
    const desktop: Desktop = { ...NO_DESKTOP, chooseSavePath: () => Promise.resolve(answer) }
    const { dir, cache, desk } = setUp(desktop)
    cache
      .floor()
      .addTracking(CAMPAIGN, [
        { orderId: rows[3]!.order.id, carrier: 'fedex', trackingNumber: '7712' },
      ])
    const request = {
      campaignId: CAMPAIGN,
      fileName: 'contributions.csv',
      contentBase64: b64(`Pledge ID,Carrier,Tracking Number\n${rows[3]!.id},,\n${rows[4]!.id},,\n`),
    }
    expect(await desk.fillDashboard(request)).toBeNull()
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.csv'))).toEqual([])

    answer = path.join(dir, 'filled.csv')
    const report = await desk.fillDashboard(request)
    expect(report).toMatchObject({ path: answer, filled: 1, noTracking: 1, unmatched: 0 })
    expect(fs.readFileSync(answer, 'utf8')).toBe(
      `Pledge ID,Carrier,Tracking Number\n${rows[3]!.id},FedEx,7712\n${rows[4]!.id},,\n`,
    )
  })

  it('the channel refuses content that is not base64 and a format it does not know', () => {
    const args = IPC_CHANNELS['floor:trackingPreview'].args
    const base = { campaignId: CAMPAIGN, fileName: 'a.csv', contentBase64: b64('x') }
    expect(args.safeParse([base]).success).toBe(true)
    expect(args.safeParse([{ ...base, contentBase64: '<script>' }]).success).toBe(false)
    const format = args.safeParse([{ ...base, format: 'dhl' }])
    expect(format.error?.issues[0]?.message).toBe(
      'Format must be one of generic, shipstation, pirateship (got "dhl").',
    )
  })

  it('sets and clears the note of an order, and answers its record', async () => {
    const { desk } = setUp()
    await expect(
      desk.setNote(CAMPAIGN, rows[5]!.order.id, ' leave at the door '),
    ).resolves.toMatchObject({
      note: 'leave at the door',
    })
    expect((await desk.setNote(CAMPAIGN, rows[5]!.order.id, ''))?.note).toBeNull()
    await expect(desk.setNote(999, 1, 'x')).rejects.toThrow(/no offline copy/)
  })
})
