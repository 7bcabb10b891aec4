import { readSettings, stationName as savedStationName } from '../main/services/profile'
import { UsageError } from '../main/services/perkpack-errors'
import type { CampaignContribution } from '../shared/api/schemas'
import { positiveInt } from './arguments'
import type { CliContext } from './context'
import { offlineCopy } from './offline-copy'

/** A station's name: --station, else the app's Settings for this data folder, else the computer's. */
export function stationName(value: string | undefined, dataDir: string): string {
  const name = (value ?? savedStationName(readSettings(dataDir))).trim()
  if (name === '' || name.length > 64) {
    throw new UsageError('--station needs a name of 1 to 64 characters, e.g. --station "Desk A".')
  }
  return name
}

/** The order id argument (the number under a packing slip's barcode). */
export function orderArg(args: string[], usage: string): number {
  const raw = args[1]
  if (!raw) throw new UsageError(`Missing order ID. Usage: perkpack ${usage}`)
  return positiveInt(raw.replace(/^#/, ''), 'order ID')
}

/** The campaign's orders by order id, from the offline copy. */
export function ordersById(
  context: CliContext,
  campaignId: number,
): Map<number, CampaignContribution> {
  const { rows } = offlineCopy(context, campaignId)
  return new Map(rows.map((row) => [row.order.id, row]))
}

/** A stored time as this computer's local time, to the minute: "2026-11-20 10:42". */
export function localTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`
}
