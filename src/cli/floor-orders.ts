import { findScanned, indexScannable } from '../main/core/floor/station-index'
import { readSettings, stationName as savedStationName } from '../main/core/session/profile'
import { UsageError } from '../main/core/system/perkpack-errors'
import type { CampaignContribution } from '../shared/api/schemas'
import { parseScanCode } from '../shared/floor/station-scan'
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

const ORDER_FORMS =
  "the order ID under a packing slip's barcode, or # and the order number printed on the slip (#12)"

/**
 * The order argument of pack and unpack, read as the pack station reads a scan (parseScanCode,
 * findScanned): the slip's order id, `#12`, or a bare number that is either. `row` is the order
 * in the offline copy; absent for an order id not in it (unpack may still take back its pack).
 */
export function scannedOrderArg(
  context: CliContext,
  campaignId: number,
  args: string[],
  usage: string,
): { orderId: number; row?: CampaignContribution } {
  const raw = args[1]
  if (!raw) throw new UsageError(`Missing order ID. Usage: perkpack ${usage}`)
  const code = parseScanCode(raw)
  if (code.kind === 'other') throw new UsageError(`"${raw}" is no order: give ${ORDER_FORMS}.`)
  const row = findScanned(indexScannable(offlineCopy(context, campaignId).rows), code)
  if (row) return { orderId: row.order.id, row }
  if (code.kind === 'order-id') return { orderId: code.orderId }
  throw orderNotInCopy(campaignId, raw)
}

/** For the command line: check what was typed, or sync (scanning again is the station's advice). */
export function orderNotInCopy(campaignId: number, raw: string): UsageError {
  return new UsageError(
    `No order ${raw.trim()} in the offline copy of campaign ${campaignId}. Check the number (${ORDER_FORMS}), or run \`perkpack sync ${campaignId}\` if the order is new.`,
  )
}

/** A stored time as this computer's local time, to the minute: "2026-11-20 10:42". */
export function localTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`
}
