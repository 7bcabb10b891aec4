import path from 'node:path'
import { recordReship, reshipParcelNow, saveReshipSlip } from '../../main/core/floor/reship'
import { UsageError } from '../../main/core/system/perkpack-errors'
import type { ReshipItem } from '../../shared/corrections/correction-types'
import { reshipItemsProblem, wholeOrderItems } from '../../shared/corrections/reship-parcel'
import { plural } from '../../shared/export/check-text'
import { campaignArg, positiveInt } from '../arguments'
import type { Command, CommandInput } from '../command'
import { orderNotInCopy, scannedOrderArg, stationName } from '../floor-orders'

const ADD_USAGE =
  'reship <campaign-id> <order-id> --reason TEXT [--items KEY:QTY,...] [--out SLIP.pdf] [--paper letter|a4]'
const LIST_USAGE = 'reship list <campaign-id> [--json]'
const TRACKING_USAGE = 'reship tracking <campaign-id> <reship-id> <tracking-number>'

/** `TEE|Size=M:1,MUG:2`: the pick list's variant keys, each with how many. */
function itemsArg(raw: string): ReshipItem[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.lastIndexOf(':')
      const quantity = colon === -1 ? '1' : part.slice(colon + 1)
      if (!/^\d+$/.test(quantity))
        throw new UsageError(`"${part}" in --items: write KEY:QUANTITY, such as TEE|Size=M:1.`)
      return { variantKey: colon === -1 ? part : part.slice(0, colon), quantity: Number(quantity) }
    })
}

async function addReship(input: CommandInput): Promise<number> {
  const { context, args, values } = input
  const campaignId = campaignArg(args, ADD_USAGE)
  const scanned = scannedOrderArg(context, campaignId, args, ADD_USAGE)
  if (!scanned.row) throw orderNotInCopy(campaignId, args[1] ?? '')
  const row = scanned.row
  const reason = values.reason?.trim() ?? ''
  if (reason === '')
    throw new UsageError(
      `A reship needs a reason (lost, damaged): add --reason "...". Usage: perkpack ${ADD_USAGE}`,
    )
  const items = values.items === undefined ? wholeOrderItems(row) : itemsArg(values.items)
  const problem = reshipItemsProblem(row, items)
  if (problem) throw new UsageError(`${problem} Usage: perkpack ${ADD_USAGE}`)
  const by = stationName(values.station, context.target.dataDir)
  // Recorded, and its units off the recorded stock, as the order drawer does (core/floor/reship.ts).
  const reship = recordReship(context.cache(), campaignId, { row, items, reason, by })
  const units = items.reduce((sum, item) => sum + item.quantity, 0)
  context.io.stdout.write(
    `Reship ${reship.id} of order ${row.order.id}: ${plural(units, 'unit')} (${items
      .map((item) => `${item.quantity} x ${item.variantKey}`)
      .join(
        ', ',
      )}). Add its tracking number with perkpack reship tracking ${campaignId} ${reship.id} NUMBER.\n`,
  )
  if (values.out) {
    // Its slip: the order as it ships now (held orders get none), narrowed to the reship's items.
    const parcel = reshipParcelNow(context.cache(), campaignId, row, reship)
    const out = path.resolve(values.out)
    const paper = values.paper === 'a4' ? 'a4' : 'letter'
    const written = await saveReshipSlip(parcel, reship, { paper }, out)
    context.io.stdout.write(
      written
        ? `Wrote the reship's packing slip to ${out}\n`
        : `No slip written: order ${row.order.id} does not ship now (held, or a status that does not ship).\n`,
    )
  }
  return 0
}

function listReships({ context, args, values }: CommandInput): number {
  const campaignId = campaignArg(args, LIST_USAGE)
  const reships = context.cache().floorPlan().corrections.reships(campaignId)
  if (values.json) {
    context.io.stdout.write(`${JSON.stringify(reships, null, 2)}\n`)
    return 0
  }
  if (reships.length === 0) context.io.stdout.write('No reships.\n')
  for (const reship of reships)
    context.io.stdout.write(
      `${reship.id}  order ${reship.orderId}  ${reship.items.map((i) => `${i.quantity} x ${i.variantKey}`).join(', ')}  ${reship.reason}  ${reship.trackingNumbers.join(', ') || 'no tracking yet'}\n`,
    )
  return 0
}

function addTracking({ context, args }: CommandInput): number {
  const campaignId = campaignArg(args, TRACKING_USAGE)
  const id = positiveInt(args[1] ?? '', 'reship ID')
  const number = args[2]?.trim() ?? ''
  if (number === '' || /\p{Cc}/u.test(number))
    throw new UsageError(`Missing the tracking number. Usage: perkpack ${TRACKING_USAGE}`)
  const reship = context.cache().floorPlan().corrections.addReshipTracking(campaignId, id, number)
  if (!reship)
    throw new UsageError(
      `No reship ${id} in campaign ${campaignId}. See them with perkpack reship list ${campaignId}.`,
    )
  context.io.stdout.write(`Reship ${id}: tracking ${reship.trackingNumbers.join(', ')}\n`)
  return 0
}

export const reshipCommand: Command = {
  usage: [ADD_USAGE, LIST_USAGE, TRACKING_USAGE].join('\n       perkpack '),
  summary: 'A second parcel for an order (lost, damaged): its items, slip and tracking number.',
  details: `--items KEY:QTY   the pick list's variant keys (TEE|Size=M:1), at most as many as ordered;
                  default: every item of the order that ships (the parcel was lost)
--out SLIP.pdf    the reship's packing slip, listing only what is in its box
The reship's units leave the recorded stock (perkpack stock). The order's own record (packed,
tracking) is left as it was; reships are listed and counted apart.`,
  options: ['reason', 'items', 'out', 'paper', 'station', 'json'],
  async run(input) {
    const [first, ...rest] = input.args
    if (first === 'list') return listReships({ ...input, args: rest })
    if (first === 'tracking') return addTracking({ ...input, args: rest })
    return addReship(input)
  },
}
