import { plural } from '../../shared/export/check-text'
import { statusText } from '../../shared/fulfillment'
import {
  blankFloorState,
  FLOOR_STAGE_WORDS,
  floorStage,
  floorStateJson,
} from '../../shared/floor/order-state'
import type { FloorStateJson, OrderFloorState } from '../../shared/floor/order-state'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { localTime } from '../floor-orders'
import { printJson, table } from '../io'
import { offlineCopy } from '../offline-copy'
import { withCaughtUpTeam } from '../team-option'

const USAGE = 'fulfillment <campaign-id> [--json] [--team-url URL]'

interface FloorLine {
  state: OrderFloorState
  sequenceNumber: number | null
  status: string
}

export const fulfillmentCommand: Command = {
  usage: USAGE,
  summary: "Every order's packing-floor state: packed, printed, shipped, tracking (offline).",
  details: `--json    an array of {order_id, sequence_number, packed_at, station, printed_at,
          shipped_at, carrier, tracking_numbers, note}, null where unset
--team-url URL    the whole team's record (also PERKPACK_TEAM_URL): this desk's queued
          actions are sent and the other desks' pulled in first
Orders the last sync no longer carries are listed too while they have a state.`,
  options: ['json', 'team-url', 'station'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, USAGE)
    const { rows } = offlineCopy(context, campaignId)
    // Team mode: this desk's queued actions out and the other desks' in, before the list.
    await withCaughtUpTeam(context, values, async () => undefined)
    const states = context.cache().floor().states(campaignId)
    const lines: FloorLine[] = rows.map((row) => ({
      state: states.get(row.order.id) ?? blankFloorState(row.order.id),
      sequenceNumber: row.order.sequence_number ?? null,
      status: statusText(row.order.status),
    }))
    const synced = new Set(rows.map((row) => row.order.id))
    for (const state of states.values()) {
      if (!synced.has(state.orderId))
        lines.push({ state, sequenceNumber: null, status: '(not in the last sync)' })
    }
    if (values.json) {
      printJson(
        context.io,
        lines.map((line): FloorStateJson => floorStateJson(line.state, line.sequenceNumber)),
      )
      return 0
    }
    const time = (iso: string | null) => (iso === null ? '' : localTime(iso))
    const body = lines.map(({ state, sequenceNumber, status }) => [
      sequenceNumber === null ? '' : `#${sequenceNumber}`,
      String(state.orderId),
      status,
      FLOOR_STAGE_WORDS[floorStage(state)],
      [time(state.packedAt), state.station ?? ''].filter((part) => part !== '').join(' '),
      state.carrier ?? '',
      state.trackingNumbers.join(' '),
    ])
    context.io.stdout.write(
      `${table(['Seq', 'Order', 'Status', 'Stage', 'Packed', 'Carrier', 'Tracking'], body)}\n`,
    )
    const packed = lines.filter((line) => line.state.packedAt !== null).length
    const tracked = lines.filter((line) => line.state.trackingNumbers.length > 0).length
    context.io.stdout.write(
      `${plural(lines.length, 'order')}: ${packed} packed, ${tracked} with a tracking number\n`,
    )
    return 0
  },
}
