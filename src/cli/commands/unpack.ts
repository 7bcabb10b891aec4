import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { EXIT_CONFLICT } from '../exit-codes'
import { scannedOrderArg, stationName } from '../floor-orders'
import { unpackParcel } from '../../main/core/floor/parcel-packing'
import { byWhom, withCaughtUpTeam } from '../team-option'

const USAGE = 'unpack <campaign-id> <order-id> [--team-url URL [--station NAME]]'

export const unpackCommand: Command = {
  usage: USAGE,
  summary: 'Take back the packed mark of an order (offline, or on the team store).',
  details: `<order-id>        as for pack: the slip's order id, or #N (the order number)
--station NAME    this desk's name in team mode (default: as for pack)
--team-url URL    the team store (also PERKPACK_TEAM_URL): takes back the pack this desk
                  sees there; exits ${EXIT_CONFLICT} when another desk's pack stands instead.`,
  options: ['team-url', 'station'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, USAGE)
    const { orderId, row } = scannedOrderArg(context, campaignId, args, USAGE)
    const floor = context.cache().floor()
    const by = stationName(values.station, context.target.dataDir)
    // The last parcel's record and the floor's pack when it was the only one; its units go back
    // on the shelf (the variants whose stock is recorded): parcel-packing.ts.
    const takeBack = <T>(store: () => Promise<T>, stored: (result: T) => boolean) =>
      row
        ? unpackParcel(context.cache().floorPlan(), floor, campaignId, row, by, store, stored)
        : store().then((result) => ({ result, unpacked: stored(result) }))
    return withCaughtUpTeam(context, values, async (team) => {
      const before = floor.state(campaignId, orderId)
      if (!before?.packedAt) {
        context.io.stdout.write(`Order ${orderId} was not packed: nothing to undo.\n`)
        return 0
      }
      const was = `was packed${byWhom(before.station, before.packedAt)}`
      const packedAt = before.packedAt
      const laterParcel = `Order ${orderId}: its last parcel is no longer packed; the parcel before it stays packed.\n`
      if (team) {
        const { result } = await takeBack(
          () =>
            team.write(campaignId, {
              kind: 'unpack',
              orderId,
              packedAt,
              packedBy: before.station,
            }),
          (answer) => answer.status !== 'lost',
        )
        if (result?.status === 'lost') {
          context.io.stderr.write(
            `Order ${orderId} is packed${byWhom(result.station, result.at)} on the team store, not as this desk saw it: left packed.\n`,
          )
          return EXIT_CONFLICT
        }
        if (result === null) {
          context.io.stdout.write(laterParcel)
          return 0
        }
        const queued = result.status === 'queued' ? ' on this desk; queued for the team store' : ''
        context.io.stdout.write(`Order ${orderId} is no longer packed${queued} (${was}).\n`)
        return 0
      }
      const local = await takeBack(
        () => Promise.resolve(floor.unpack(campaignId, orderId)),
        (answer) => answer,
      )
      if (!local.unpacked) {
        context.io.stdout.write(`Order ${orderId} was not packed: nothing to undo.\n`)
        return 0
      }
      context.io.stdout.write(
        local.result === null ? laterParcel : `Order ${orderId} is no longer packed (${was}).\n`,
      )
      return 0
    })
  },
}
