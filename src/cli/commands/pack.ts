import { packWarnings, packWarningText } from '../../shared/floor/pack-checks'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { EXIT_CONFLICT, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes'
import { localTime, orderArg, ordersById, stationName } from '../floor-orders'

const USAGE = 'pack <campaign-id> <order-id> [--station NAME] [--force]'

export const packCommand: Command = {
  usage: USAGE,
  summary: 'Mark an order packed at this station (offline; no network).',
  details: `<order-id>        the order's id, as under a packing slip's barcode
--station NAME    the station (desk) packing it (default: the app's station name in
                  Settings, else this computer's name)
--force           pack even an order refunded, on hold or unprocessable at the last sync
Exits ${EXIT_CONFLICT} when the order was packed already (naming the station and time), ${EXIT_FAILURE} when
its status at the last sync says not to ship it, ${EXIT_USAGE} for an order not in the offline copy.`,
  options: ['station', 'force'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, USAGE)
    const orderId = orderArg(args, USAGE)
    const station = stationName(values.station, context.target.dataDir)
    const row = ordersById(context, campaignId).get(orderId)
    const floor = context.cache().floor()
    const warnings = packWarnings(orderId, row, floor.state(campaignId, orderId))
    for (const warning of warnings) {
      if (warning.kind === 'unknown-order') {
        context.io.stderr.write(`${packWarningText(warning)}\n`)
        return EXIT_USAGE
      }
      const stops =
        warning.kind === 'refunded' || warning.kind === 'on-hold' || warning.kind === 'not-payable'
      if (stops && !values.force) {
        context.io.stderr.write(
          `Order ${orderId}: ${packWarningText(warning)} Not packed (pack it anyway with --force).\n`,
        )
        return EXIT_FAILURE
      }
      if (warning.kind === 'nothing-to-ship' || stops)
        context.warn(`Order ${orderId}: ${packWarningText(warning)}`)
    }
    // The store decides who packed first, also against another process packing right now.
    const outcome = floor.pack(campaignId, orderId, station)
    if (!outcome.packed) {
      const { station: by, packedAt } = outcome.state
      context.io.stderr.write(
        `Order ${orderId} was packed already${by ? ` at ${by}` : ''}, ${localTime(packedAt ?? '')}: not packed again.\n`,
      )
      return EXIT_CONFLICT
    }
    const seq = row?.order.sequence_number
    context.io.stdout.write(
      `Packed order ${orderId}${seq == null ? '' : ` (#${seq})`} at ${station}, ${localTime(outcome.state.packedAt ?? '')}\n`,
    )
    return 0
  },
}
