import { UsageError } from '../../main/core/system/perkpack-errors'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { scannedOrderArg, stationName } from '../floor-orders'

const HOLD_USAGE = 'hold <campaign-id> <order-id> --reason TEXT [--station NAME]'
const RELEASE_USAGE = 'release <campaign-id> <order-id> [--station NAME]'

export const holdCommand: Command = {
  usage: HOLD_USAGE,
  summary: 'Hold an order: no label, slip, CSV row, wave or pack until released.',
  details: `<order-id>        the slip's order id, or #N (the order number)
--reason TEXT     why (a customs question, a backer who asked to combine): required`,
  options: ['reason', 'station'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, HOLD_USAGE)
    const { orderId } = scannedOrderArg(context, campaignId, args, HOLD_USAGE)
    const reason = values.reason?.trim() ?? ''
    if (reason === '')
      throw new UsageError(
        `A hold needs a reason: add --reason "...". Usage: perkpack ${HOLD_USAGE}`,
      )
    const by = stationName(values.station, context.target.dataDir)
    const held = context.cache().floorPlan().corrections.hold(campaignId, orderId, reason, by)
    context.io.stdout.write(
      held
        ? `Order ${orderId} is held: ${reason}\n`
        : `Order ${orderId} was held already; that hold stands.\n`,
    )
    return 0
  },
}

export const releaseCommand: Command = {
  usage: RELEASE_USAGE,
  summary: "Release an order's hold: it ships again.",
  options: ['station'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, RELEASE_USAGE)
    const { orderId } = scannedOrderArg(context, campaignId, args, RELEASE_USAGE)
    const by = stationName(values.station, context.target.dataDir)
    const released = context.cache().floorPlan().corrections.release(campaignId, orderId, by)
    context.io.stdout.write(
      released
        ? `Order ${orderId} is released.\n`
        : `Order ${orderId} was not held: nothing to release.\n`,
    )
    return 0
  },
}
