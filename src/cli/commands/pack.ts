import { packWarnings, packWarningText } from '../../shared/floor/pack-checks'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { EXIT_CONFLICT, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes'
import { localTime, orderNotInCopy, scannedOrderArg, stationName } from '../floor-orders'
import { byWhom, withTeam } from '../team-option'
import { openWavesOf } from '../../main/core/floor/wave-planning'
import { packParcel, parcelFloorState, parcelPacking } from '../../main/core/floor/parcel-packing'
import { loadFloorOverlay } from '../../main/core/floor/floor-view'
import { applyOverlay } from '../../shared/corrections/floor-overlay'

const USAGE = 'pack <campaign-id> <order-id> [--station NAME] [--force] [--team-url URL]'

export const packCommand: Command = {
  usage: USAGE,
  summary: 'Mark an order packed at this station (offline, or on the team store).',
  details: `<order-id>        the order's id, as under a packing slip's barcode, or #N, the order
                  number on the slip (as the app's pack station takes them)
--station NAME    the station (desk) packing it (default: the app's station name in
                  Settings, else this computer's name)
--force           pack even an order whose status at the last sync does not ship: any
                  but captured, in_fulfillment and fulfilled (refunded, on_hold, pending,
                  unprocessable, a dispute or chargeback, a status PerkPack does not know)
--team-url URL    the team store (also PERKPACK_TEAM_URL; docs/team-mode.md): it decides which
                  desk packed first; while it cannot be reached the pack is queued (exit 0)
Exits ${EXIT_CONFLICT} when the order was packed already (naming the station and time), ${EXIT_FAILURE} when
its status at the last sync says not to ship it, ${EXIT_USAGE} for an order not in the offline copy.`,
  options: ['station', 'force', 'team-url'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, USAGE)
    const scanned = scannedOrderArg(context, campaignId, args, USAGE)
    const { orderId } = scanned
    if (!scanned.row) throw orderNotInCopy(campaignId, args[1] ?? '')
    // As it ships: a held order is a stop order here too.
    const plan = context.cache().floorPlan()
    const overlay = loadFloorOverlay(context.cache(), campaignId)
    const row = applyOverlay(scanned.row, overlay)
    const station = stationName(values.station, context.target.dataDir)
    const floor = context.cache().floor()
    const hold = overlay.holds.get(orderId)
    const synced = scanned.row
    const before = floor.state(campaignId, orderId)
    // A later parcel of an order packed in part is still to pack (parcel-packing.ts).
    const state = parcelFloorState(before, parcelPacking(plan, floor, campaignId, synced))
    const warnings = packWarnings(orderId, row, state, {
      ...(hold ? { holdReason: hold.reason } : {}),
      waves: openWavesOf(plan, campaignId, orderId),
    })
    for (const warning of warnings) {
      const stops = warning.kind === 'stop-status'
      if (stops && !values.force) {
        context.io.stderr.write(
          `Order ${orderId}: ${packWarningText(warning)} Not packed (pack it anyway with --force).\n`,
        )
        return EXIT_FAILURE
      }
      if (warning.kind === 'nothing-to-ship' || warning.kind === 'outside-waves' || stops)
        context.warn(`Order ${orderId}: ${packWarningText(warning)}`)
    }
    // The store decides who packed first, also against another process or desk packing now;
    // the parcel's record for a later parcel. Only the parcel's units leave the shelf.
    const storePack = () =>
      withTeam(
        context,
        values,
        () => station,
        async (team) => {
          if (!team) {
            const local = floor.pack(campaignId, orderId, station)
            return local.packed
              ? ({ status: 'packed', at: local.state.packedAt } as const)
              : ({
                  status: 'lost',
                  station: local.state.station,
                  at: local.state.packedAt,
                } as const)
          }
          const result = await team.write(campaignId, { kind: 'pack', orderId })
          if (result.status === 'applied')
            return { status: 'packed', at: result.states[0]?.packedAt ?? null } as const
          return result
        },
      )
    const packed = await packParcel(
      plan,
      floor,
      campaignId,
      synced,
      station,
      storePack,
      (answer) => answer.status !== 'lost',
    )
    const outcome =
      packed.result ??
      (packed.packed
        ? ({ status: 'packed', at: new Date().toISOString() } as const)
        : ({
            status: 'lost',
            station: before?.station ?? null,
            at: before?.packedAt ?? null,
          } as const))
    if (outcome.status === 'lost') {
      context.io.stderr.write(
        `Order ${orderId} was packed already${byWhom(outcome.station, outcome.at)}: not packed again.\n`,
      )
      return EXIT_CONFLICT
    }
    const seq = row?.order.sequence_number
    const name = `order ${orderId}${seq == null ? '' : ` (#${seq})`}`
    if (outcome.status === 'queued') {
      context.io.stdout.write(
        `Packed ${name} at ${station} on this desk; queued for the team store (${outcome.reason}): it is sent when the store is back.\n`,
      )
      return 0
    }
    context.io.stdout.write(`Packed ${name} at ${station}, ${localTime(outcome.at ?? '')}\n`)
    return 0
  },
}
