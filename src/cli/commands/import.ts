import { openDashboardExport } from '../../main/core/dashboard/dashboard-export'
import { importDashboardExport } from '../../main/core/dashboard/dashboard-import'
import { importLeftBehindText } from '../../shared/dashboard/floor-left-behind'
import { saveView } from '../../main/core/orders/view-store'
import { SnapshotShrank } from '../../main/core/sync/shrink'
import { plural } from '../../shared/export/check-text'
import { toShipNote } from '../../shared/floor/progress'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { EXIT_OK, EXIT_SHRINK } from '../exit-codes'
import { readInputFile } from '../input-file'

const USAGE = 'import <campaign-id> FILE.csv [--accept-shrink]'

/** The file checked and opened; its bytes (tens of MB) are not held while it is imported. */
function openInput(path: string | undefined) {
  const { bytes, name, given } = readInputFile(path, USAGE)
  return { file: openDashboardExport(bytes, name), name, given }
}

export const importCommand: Command = {
  usage: USAGE,
  summary: "The dashboard's contributions CSV as the campaign's offline copy (no API needed).",
  details: `FILE.csv         the contributions export downloaded from the campaign's dashboard
                 (UTF-8 with or without BOM, UTF-16; , ; or tab; any column order)
--accept-shrink  replace an offline copy even when the file has far fewer orders
Every offline command (orders, picklist, export, export-csv, labels, slips, pack, ...) then works
on the imported campaign. Lines that do not fit are kept as problem rows (perkpack problems).
The packing floor's record (packed, tracking numbers) stays; records made against order ids
the file does not have (an API copy's) are not shown on it, and a warning counts them. Exits 2 on a file that is not a
dashboard export, 3 when a much smaller file was held back.`,
  options: ['accept-shrink'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, USAGE)
    const { file, name, given } = openInput(args[1])
    const cache = context.cache()
    let summary
    try {
      summary = importDashboardExport(cache, campaignId, file, {
        fileName: name,
        acceptShrink: Boolean(values['accept-shrink']),
      })
    } catch (error) {
      if (!(error instanceof SnapshotShrank)) throw error
      error.decline()
      context.warn(
        `${name} holds ${plural(error.incomingCount, 'order')}; the offline copy of campaign ${campaignId} holds ${error.currentCount}. ` +
          `The offline copy was kept. If the campaign really has fewer orders now, run \`perkpack ${USAGE.replace('[--accept-shrink]', '--accept-shrink').replace('<campaign-id>', String(campaignId)).replace('FILE.csv', given)}\`.`,
      )
      return EXIT_SHRINK
    }
    saveView(cache, campaignId, summary.snapshot.lastSyncedAt)
    context.io.stdout.write(
      `Imported ${name} as campaign ${campaignId}: ${plural(summary.orders, 'order')} (${summary.ordersToShip} to ship), ` +
        `${plural(summary.perks, 'perk')}, ${plural(summary.variants, 'SKU variant')}, ${plural(summary.problemRows, 'problem row')}\n` +
        `Orders to ship: ${toShipNote(summary.notCounted)}\n`,
    )
    if (summary.floorLeftBehind > 0) {
      context.warn(
        importLeftBehindText(summary.floorLeftBehind, summary.replaced === 'dashboard-file'),
      )
    }
    if (summary.problemRows > 0) {
      context.warn(
        `${plural(summary.problemRows, 'line')} could not be read; see perkpack problems ${campaignId}`,
      )
    }
    return EXIT_OK
  },
}
