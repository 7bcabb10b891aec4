import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { ordersThatShip, shippableLines } from '../../../src/shared/fulfillment'
import type { Simulator } from '../../../src/simulator'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { toModel } from '../../helpers/model'

// Reships made from the order drawer, through the real handler table as the window calls it:
// recorded and taken off the stock by the core the CLI's `perkpack reship` uses, made once per
// form however often it is sent, with their own label, slip and tracking numbers.

let sim: Simulator
let app: TestApp
let campaignId: number
/** Orders that ship with two variants or more: a reship can hold a part of them. */
let rows: CampaignContribution[]
const dir = tempDir()
const asked: string[] = []

beforeAll(async () => {
  sim = await startSim({ contributions: 60 })
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => {
      asked.push(defaultName)
      return path.join(dir, defaultName)
    },
    print: async () => true,
  }
  app = await makeApp({ sim, services: { desktop } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
  rows = ordersThatShip(toModel(sim.dataset.contributions.get(campaignId) ?? [])).filter(
    (row) =>
      row.order.status === 'captured' &&
      row.order.shipping?.address &&
      new Set(shippableLines(row).map((line) => line.skuCode)).size > 1,
  )
}, 60_000)
afterAll(cleanupApps)

const stockOf = (key: string) =>
  app.services.connection
    .cache()
    .floorPlan()
    .stock.levels(campaignId)
    .find((level) => level.variantKey === key)?.quantity

describe('floor:reship', () => {
  it('makes one reship per form, lists it on the order and takes its units off the stock', async () => {
    const row = rows[0]!
    const [damaged] = shippableLines(row)
    app.services.connection
      .cache()
      .floorPlan()
      .stock.set(
        campaignId,
        [
          {
            skuCode: damaged!.skuCode,
            choices: damaged!.choices,
            quantity: 10,
          },
        ],
        'set',
        'test',
      )
    const request = {
      campaignId,
      contributionId: row.id,
      items: [{ variantKey: damaged!.key, quantity: 1 }],
      reason: '  arrived damaged ',
      requestKey: 'form-1',
    }
    // A double click and a scanner's Enter: the same form sent three times at once.
    const answers = await Promise.all([1, 2, 3].map(() => app.value('floor:reship', request)))
    const detail = answers[2]!
    expect(detail.reships).toEqual([
      expect.objectContaining({
        orderId: row.order.id,
        items: [{ variantKey: damaged!.key, quantity: 1 }],
        reason: 'arrived damaged',
        trackingNumbers: [],
      }),
    ])
    expect(stockOf(damaged!.key)).toBe(9)
    const history = app.services.connection
      .cache()
      .floorPlan()
      .stock.history(campaignId, damaged!.key)
    expect(history.filter((change) => change.reason === 'reship')).toHaveLength(1)

    // Another form is another parcel.
    const again = await app.value('floor:reship', { ...request, requestKey: 'form-2' })
    expect(again.reships).toHaveLength(2)
    expect(stockOf(damaged!.key)).toBe(8)
  })

  it('refuses an item the order does not hold, too many, or no reason, in sentences', async () => {
    const row = rows[1]!
    const line = shippableLines(row)[0]!
    const send = (items: { variantKey: string; quantity: number }[], reason = 'lost') =>
      app.call('floor:reship', {
        campaignId,
        contributionId: row.id,
        items,
        reason,
        requestKey: `bad-${Math.random()}`,
      })
    const foreign = await send([{ variantKey: 'NOPE', quantity: 1 }])
    expect(JSON.stringify(foreign)).toContain('NOPE is not an item of order')
    const many = await send([{ variantKey: line.key, quantity: line.quantity + 1 }])
    expect(JSON.stringify(many)).toContain(`give a quantity from 1 to ${line.quantity}`)
    const silent = await send([{ variantKey: line.key, quantity: 1 }], '  ')
    expect(JSON.stringify(silent)).toContain('Give a reason')
    const detail = await app.value('orders:detail', { campaignId, contributionId: row.id })
    expect(detail.reships).toEqual([])
  })
})

describe('floor:reshipPdf and floor:reshipTracking', () => {
  it("prints the reship's slip with only its items, its label, and keeps its tracking numbers", async () => {
    const row = rows[2]!
    const [lost, kept] = shippableLines(row)
    const made = await app.value('floor:reship', {
      campaignId,
      contributionId: row.id,
      items: [{ variantKey: lost!.key, quantity: 1 }],
      reason: 'lost in transit',
      requestKey: 'print-1',
    })
    const reshipId = made.reships![0]!.id
    const ask = (document: 'label' | 'slip') =>
      app.value('floor:reshipPdf', { campaignId, contributionId: row.id, reshipId, document })

    const slip = await ask('slip')
    const slipText = execFileSync('pdftotext', [slip!.path, '-'], { encoding: 'utf8' })
    expect(slipText).toContain(`Reship ${reshipId}`)
    expect(slipText).toContain(lost!.skuCode)
    expect(slipText).not.toContain(kept!.skuCode)
    expect(asked.at(-1)).toBe(`reship-${reshipId}-order-${row.order.sequence_number}-slip.pdf`)

    const label = await ask('label')
    const labelText = execFileSync('pdftotext', [label!.path, '-'], { encoding: 'utf8' })
    expect(labelText).toContain(row.order.shipping!.name!.split(' ')[0]!)

    await app.value('floor:reshipTracking', {
      campaignId,
      contributionId: row.id,
      reshipId,
      trackingNumber: '1Z999AA10123456784',
    })
    const twice = await app.value('floor:reshipTracking', {
      campaignId,
      contributionId: row.id,
      reshipId,
      trackingNumber: '1Z999AA10123456784',
    })
    expect(twice.reships![0]!.trackingNumbers).toEqual(['1Z999AA10123456784'])
  })

  it("refuses another order's reship and a held order's slip", async () => {
    const [row, other] = [rows[3]!, rows[0]!]
    const made = await app.value('floor:reship', {
      campaignId,
      contributionId: row.id,
      items: [{ variantKey: shippableLines(row)[0]!.key, quantity: 1 }],
      reason: 'lost',
      requestKey: 'held-1',
    })
    const reshipId = made.reships![0]!.id
    const foreign = await app.call('floor:reshipTracking', {
      campaignId,
      contributionId: other.id,
      reshipId,
      trackingNumber: '1Z999AA10123456784',
    })
    expect(JSON.stringify(foreign)).toContain(`This order has no reship ${reshipId}`)

    await app.value('floor:hold', { campaignId, contributionId: row.id, reason: 'customs' })
    const asks = asked.length
    const held = await app.call('floor:reshipPdf', {
      campaignId,
      contributionId: row.id,
      reshipId,
      document: 'slip',
    })
    expect(held.ok).toBe(false)
    expect(JSON.stringify(held)).toContain(`Reship ${reshipId} has no packing slip`)
    expect(asked).toHaveLength(asks)
  })
})
