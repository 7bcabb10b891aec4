import { basename, dirname } from 'node:path'
import { writeShipperCsv } from '../../src/main/core/export/csv'
import { writePackingList } from '../../src/main/core/export/excel'
import { renderLabelsPdf, renderPickListPdf, renderSlipsPdf } from '../../src/main/core/print'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { harnessDesktop } from '../../src/web/web-desktop'

// The savers a failing disk (failing-disk.ts) is tried under.
/** Each kind of file PerkPack saves, saving `orders` to `out`. */
export type Saver = [name: string, save: (out: string) => Promise<unknown>]

export function pdfSavers(orders: readonly CampaignContribution[]): Saver[] {
  return [
    [
      'packing slips PDF',
      (out) => renderSlipsPdf(orders, { paper: 'letter', campaignTitle: 't' }, out),
    ],
    [
      'labels PDF',
      (out) => renderLabelsPdf(orders, { layout: 'avery5160', senderCountry: 'US' }, out),
    ],
    [
      'pick list PDF',
      (out) =>
        renderPickListPdf(
          orders,
          { paper: 'letter', campaignTitle: 't', selection: '', syncedAt: null },
          out,
        ),
    ],
  ]
}

export function fileSavers(orders: readonly CampaignContribution[]): Saver[] {
  const campaign = { id: 7, title: 't', lastSyncedAt: '2026-03-01T10:15:00.000Z', privileged: true }
  return [
    ['shipper CSV', (out) => writeShipperCsv({ contributions: orders, format: 'generic', out })],
    ['packing list Excel', (out) => writePackingList({ contributions: orders, campaign, out })],
    ...pdfSavers(orders),
    [
      "the harness's export folder",
      (out) =>
        harnessDesktop({ exportDir: dirname(out), ownsExportDir: false }).chooseSavePath({
          title: 'Save',
          defaultName: basename(out),
          filters: [],
        }),
    ],
  ]
}
