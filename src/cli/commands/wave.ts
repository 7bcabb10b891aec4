import { PerkPackError, UsageError } from '../../main/core/system/perkpack-errors'
import { partialOrdersOfWave, planFromRecord } from '../../main/core/floor/wave-planning'
import { plural } from '../../shared/export/check-text'
import { partialParcels, WAVE_PRIORITIES } from '../../shared/waves/wave-planner'
import type { PlanLine, PlanOptions, WavePlan, WavePriority } from '../../shared/waves/wave-planner'
import type { WaveOrderParcel } from '../../shared/waves/parcel-rows'
import type { Wave } from '../../shared/waves/wave-types'
import { isOneOf } from '../../shared/ipc'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { stationName } from '../floor-orders'
import { offlineCopy } from '../offline-copy'

const PLAN_USAGE =
  'wave plan <campaign-id> [--priority order-number|country[:US,CA]|perk[:NAME]|oldest] [--partial] [--name NAME] [--dry-run] [--json]'
const LIST_USAGE = 'wave list <campaign-id> [--json]'
const SHOW_USAGE = 'wave show <campaign-id> NAME [--json]'
const CLOSE_USAGE = 'wave close <campaign-id> NAME'

/** `--priority country:US,CA`: the priority, and what to take first. */
export function priorityFrom(value: string | undefined): PlanOptions {
  if (value === undefined) return { priority: 'order-number' }
  const [word = '', list] = value.split(':', 2)
  const priority = word.trim().toLowerCase()
  if (!isOneOf(WAVE_PRIORITIES, priority))
    throw new UsageError(
      `Unknown --priority "${value}". Use ${WAVE_PRIORITIES.join(', ')}; country and perk may name what goes first: --priority country:US,CA.`,
    )
  const first = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  return { priority: priority as WavePriority, first }
}

function planJson(plan: WavePlan, name: string | null) {
  return {
    name,
    orders: plan.shipments.map((s) => ({
      order_id: s.orderId,
      lines: s.lines.map((l) => ({ variant_key: l.variantKey, quantity: l.quantity })),
      follows: s.follows.map((l) => ({ variant_key: l.variantKey, quantity: l.quantity })),
    })),
    waiting: plan.waiting.length,
    short: plan.short.map((s) => ({
      variant_key: s.variantKey,
      needed: s.needed,
      on_hand: s.onHand,
      short: s.short,
    })),
  }
}

function nextName(waves: readonly Wave[]): string {
  const names = new Set(waves.map((wave) => wave.name))
  let n = waves.length + 1
  while (names.has(`Wave ${n}`)) n++
  return `Wave ${n}`
}

function planCommand({ context, args, values }: CommandInput): number {
  const campaignId = campaignArg(args, PLAN_USAGE)
  const options = { ...priorityFrom(values.priority), partial: values.partial === true }
  const { rows } = offlineCopy(context, campaignId)
  const plan = context.cache().floorPlan()
  const result = planFromRecord(rows, context.cache().floor(), plan, campaignId, options)
  const name = values['dry-run']
    ? null
    : values.name?.trim() || nextName(plan.waves.list(campaignId))
  if (name !== null && result.shipments.length > 0)
    plan.waves.create(
      campaignId,
      name,
      result.shipments.map((s) => s.orderId),
      stationName(values.station, context.target.dataDir),
      undefined,
      partialParcels(result),
    )
  if (values.json) {
    context.io.stdout.write(
      `${JSON.stringify(planJson(result, result.shipments.length > 0 ? name : null), null, 2)}\n`,
    )
    return 0
  }
  const partial = result.shipments.filter((s) => s.follows.length > 0).length
  const complete = result.shipments.length - partial
  const lines = [
    `${plural(complete, 'order')} can ship complete${partial > 0 ? `, ${plural(partial, 'order')} in part` : ''}; ${plural(result.waiting.length, 'order')} wait.`,
  ]
  for (const short of result.short)
    lines.push(
      `  short: ${short.variantKey}: ${short.short} (needed ${short.needed}, on hand ${short.onHand})`,
    )
  if (result.shipments.length === 0)
    lines.push('No wave saved: nothing can ship with the stock on hand (perkpack stock list).')
  else if (name === null)
    lines.push('Dry run: no wave saved. Run again without --dry-run to save it.')
  else
    lines.push(
      `Saved as wave "${name}": print it with --wave "${name}" on labels, slips, picklist, export and export-csv.`,
    )
  context.io.stdout.write(`${lines.join('\n')}\n`)
  return 0
}

const linesJson = (lines: readonly PlanLine[]) =>
  lines.map((l) => ({ variant_key: l.variantKey, quantity: l.quantity }))

/** `parcels` (wave show): its orders that ship in part; the list leaves them out. */
function waveJson(wave: Wave, parcels?: readonly WaveOrderParcel[]) {
  return {
    name: wave.name,
    status: wave.status,
    orders: wave.orderIds,
    created_at: wave.createdAt,
    created_by: wave.createdBy,
    closed_at: wave.closedAt,
    ...(parcels && {
      parcels: parcels.map((parcel) => ({
        order_id: parcel.orderId,
        lines: linesJson(parcel.lines),
        follows: linesJson(parcel.follows),
        sent: linesJson(parcel.sent),
      })),
    }),
  }
}

const linesText = (lines: readonly PlanLine[]) =>
  lines.map((l) => `${l.quantity} × ${l.variantKey}`).join(', ')

/** A wave's order as `wave show` lists it: the id, and for a part, its parcel and what follows. */
function orderText(orderId: number, parcel: WaveOrderParcel | undefined): string {
  if (!parcel) return String(orderId)
  const parts = [`${orderId}  in this parcel: ${linesText(parcel.lines)}`]
  if (parcel.follows.length > 0) parts.push(`to follow: ${linesText(parcel.follows)}`)
  if (parcel.sent.length > 0) parts.push(`sent earlier: ${linesText(parcel.sent)}`)
  return parts.join('; ')
}

function listCommand({ context, args, values }: CommandInput): number {
  const campaignId = campaignArg(args, LIST_USAGE)
  const waves = context.cache().floorPlan().waves.list(campaignId)
  if (values.json) {
    context.io.stdout.write(
      `${JSON.stringify(
        waves.map((wave) => waveJson(wave)),
        null,
        2,
      )}\n`,
    )
    return 0
  }
  if (waves.length === 0)
    context.io.stdout.write(
      `No waves in campaign ${campaignId}: perkpack ${PLAN_USAGE.split(' [')[0]}\n`,
    )
  for (const wave of waves)
    context.io.stdout.write(
      `${wave.name}  ${wave.status}  ${plural(wave.orderIds.length, 'order')}\n`,
    )
  return 0
}

function namedWave(input: CommandInput, usage: string): { campaignId: number; wave: Wave } {
  const campaignId = campaignArg(input.args, usage)
  const name = input.args[1]
  if (!name) throw new UsageError(`Missing the wave's name. Usage: perkpack ${usage}`)
  const wave = input.context.cache().floorPlan().waves.wave(campaignId, name)
  if (!wave)
    throw new PerkPackError(
      'wave_not_found',
      `No wave named "${name}" in campaign ${campaignId}. See the names with perkpack wave list ${campaignId}.`,
    )
  return { campaignId, wave }
}

function showCommand(input: CommandInput): number {
  const { campaignId, wave } = namedWave(input, SHOW_USAGE)
  const { rows } = offlineCopy(input.context, campaignId)
  const plan = input.context.cache().floorPlan()
  const parcels = partialOrdersOfWave(plan, campaignId, wave, () => rows)
  const byOrder = new Map(parcels.map((parcel) => [parcel.orderId, parcel]))
  const inPart = parcels.length > 0 ? `, ${parcels.length} in part` : ''
  const out = input.values.json
    ? JSON.stringify(waveJson(wave, parcels), null, 2)
    : [
        `${wave.name} (${wave.status}): ${plural(wave.orderIds.length, 'order')}${inPart}`,
        ...wave.orderIds.map((orderId) => orderText(orderId, byOrder.get(orderId))),
      ].join('\n')
  input.context.io.stdout.write(`${out}\n`)
  return 0
}

function closeCommand(input: CommandInput): number {
  const { campaignId, wave } = namedWave(input, CLOSE_USAGE)
  const by = stationName(input.values.station, input.context.target.dataDir)
  const closed = input.context.cache().floorPlan().waves.close(campaignId, wave.name, undefined, by)
  input.context.io.stdout.write(
    closed
      ? `Closed wave "${wave.name}": its orders may go into another wave.\n`
      : `Wave "${wave.name}" was closed already.\n`,
  )
  return 0
}

export const waveCommand: Command = {
  usage: [PLAN_USAGE, LIST_USAGE, SHOW_USAGE, CLOSE_USAGE].join('\n       perkpack '),
  summary: 'Waves: the orders the stock on hand can ship now, saved under a name.',
  details: `plan      proposes the orders that ship complete with the stock on hand (perkpack stock),
          in --priority order (default order-number; country and perk may name what goes
          first), never more units than are on hand; --partial lets an order ship in part.
          Held, packed and stopped orders and orders of an open wave are left out. Saves
          the wave (--name, default "Wave N") unless --dry-run; lists what is short.
list      the waves, open and closed.  show  a wave's orders.
close     closes a wave: its orders may go into another one.`,
  options: ['priority', 'partial', 'name', 'dry-run', 'json', 'station'],
  async run(input) {
    const [sub, ...rest] = input.args
    const next = { ...input, args: rest }
    if (sub === 'plan') return planCommand(next)
    if (sub === 'list') return listCommand(next)
    if (sub === 'show') return showCommand(next)
    if (sub === 'close') return closeCommand(next)
    throw new UsageError(
      `${sub ? `Unknown "wave ${sub}".` : 'Missing what to do.'} Usage: perkpack ${PLAN_USAGE}`,
    )
  },
}
