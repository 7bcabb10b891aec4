import { exportFileName, fileStem } from '../../shared/export/file-names'
import type { SignupsExportRequest, SignupsExportResult } from '../../shared/ipc'
import type { Desktop, SaveFilter } from '../export/desktop-port'
import { writeSignupsFile } from '../core/export/signups-file'
import { PerkPackError } from '../core/system/perkpack-errors'
import type { Connection } from '../session/connection'
import { readSignups } from './signups'

const FILTERS: Readonly<Record<SignupsExportRequest['format'], SaveFilter[]>> = {
  csv: [{ name: 'CSV (comma-separated)', extensions: ['csv'] }],
  xlsx: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
}

export interface SignupsExportOptions {
  connection: Connection
  desktop: Desktop
  /** The name the person knows the campaign by (file name, page header). */
  campaignName: (campaignId: number) => string
  now: () => number
}

/**
 * The Sign-ups view's list saved as a file: the list it shows (the saved one, else the API's,
 * as `signups:get` reads it), every sign-up, wherever the person chooses.
 */
export async function exportSignups(
  { connection, desktop, campaignName, now }: SignupsExportOptions,
  { campaignId, format }: SignupsExportRequest,
): Promise<SignupsExportResult | null> {
  const list = await readSignups(connection.cache(), connection.client, campaignId, false, now)
  if (list.signups.length === 0) {
    throw new PerkPackError(
      'nothing_selected',
      'This campaign has no sign-ups yet, so there is nothing to export.',
    )
  }
  const title = campaignName(campaignId)
  const path = await desktop.chooseSavePath({
    title: 'Save the sign-ups',
    defaultName: exportFileName(
      fileStem({ campaignId, title }),
      'signups',
      format,
      new Date(now()),
    ),
    filters: FILTERS[format],
  })
  if (path === null) return null
  await writeSignupsFile({
    signups: list.signups,
    campaign: { id: campaignId, title },
    savedAt: list.savedAt,
    format,
    out: path,
  })
  return { path, signups: list.signups.length }
}
