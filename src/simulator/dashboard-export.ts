import type { CampaignContribution } from '../shared/api/schemas'
import {
  DASHBOARD_HEADER,
  ITEM_GROUP,
  statusToDashboard,
} from '../shared/dashboard/dashboard-columns'

/** How the file is written: the dashboard's current shape, or what older exports show. */
export interface DashboardExportOptions {
  delimiter?: string
  lineBreak?: string
  /**
   * Older exports (and a spreadsheet's save of them): several perks of a pledge in one line
   * ("51002, 51005" with their names), the appearance words Visible / Identity-Only /
   * Anonymous, and ids, order numbers, postcodes and SKU codes as text cells (`="00123"`).
   */
  older?: boolean
}

type Perk = CampaignContribution['order']['perks'][number]

/** A spreadsheet's text cell: a formula giving the text, so leading zeros survive. */
const textCell = (value: string) => (value === '' ? '' : `="${value.replace(/"/g, '""')}"`)

function appearance(row: CampaignContribution, older: boolean): string {
  const hidden = row.appearance?.private_amount === true
  if (!older) return hidden ? 'Private' : 'Public'
  // Identity-Only hid the amount, Anonymous the name too: both are a private amount.
  return hidden ? (row.id % 2 === 0 ? 'Identity-Only' : 'Anonymous') : 'Visible'
}

/**
 * The lines of a pledge: one per perk, or, in an older export, one for all its perks when
 * their names hold no comma (the one way such a line can be read back).
 */
function perkLines(perks: readonly Perk[], older: boolean): (Perk[] | null)[] {
  if (perks.length === 0) return [null]
  if (older && perks.length > 1 && perks.every((perk) => !perk.label.includes(','))) {
    return [[...perks]]
  }
  return perks.map((perk) => [perk])
}

/**
 * A campaign's contributions as the platform dashboard exports them (../shared/api-notes.md):
 * one line per perk of a pledge, the perk's items as repeated groups of Item Name, Item SKU and
 * Option 1-3, one group per unit. Options are written "Name: value" so the choice keeps its name.
 * For tests and the demo: the dashboard's own file is the one users import.
 */
export function dashboardExportCsv(
  rows: readonly CampaignContribution[],
  options: DashboardExportOptions = {},
): string {
  const delimiter = options.delimiter ?? ','
  const lineBreak = options.lineBreak ?? '\r\n'
  const older = options.older ?? false
  const code = older ? textCell : (value: string) => value
  // A text cell goes out bare, as the programs that write them for spreadsheets do.
  const bare = (value: string) => /^="(?:[^"\r\n]|"")*"$/.test(value) && !value.includes(delimiter)
  const quote = (value: string) =>
    !bare(value) && (/["\r\n]/.test(value) || value.includes(delimiter))
      ? `"${value.replace(/"/g, '""')}"`
      : value
  const lines: string[][] = []
  let groups = 0
  for (const row of rows) {
    const order = row.order
    const s = order.shipping
    for (const perks of perkLines(order.perks, older)) {
      const cells = [
        order.sequence_number == null ? '' : code(String(order.sequence_number)),
        code(String(row.id)),
        row.referrer_id == null ? '' : String(row.referrer_id),
        statusToDashboard(String(order.status)),
        row.created_at ?? '',
        row.payment_method ?? '',
        appearance(row, older),
        row.contributor_name ?? '',
        row.email ?? '',
        row.amount == null ? '' : String(row.amount),
        '',
        '',
        '',
        perks ? perks.map((perk) => String(perk.id)).join(', ') : '',
        perks ? perks.map((perk) => perk.label).join(', ') : '',
        s?.name ?? '',
        s?.phone_number ?? '',
        s?.address ?? '',
        s?.address2 ?? '',
        s?.city ?? '',
        s?.state ?? '',
        code(s?.zipcode ?? ''),
        s?.country ?? '',
        '',
        '',
      ]
      let written = 0
      for (const item of (perks ?? []).flatMap((perk) => perk.items)) {
        const choices = (item.sku.choices ?? []).slice(0, 3).map((c) => `${c.name}: ${c.value}`)
        for (let unit = 0; unit < (item.quantity ?? 1); unit++) {
          cells.push(
            item.name ?? '',
            code(item.sku.code),
            choices[0] ?? '',
            choices[1] ?? '',
            choices[2] ?? '',
          )
          written += 1
        }
      }
      groups = Math.max(groups, written)
      lines.push(cells)
    }
  }
  const header = [...DASHBOARD_HEADER]
  for (let g = 0; g < groups; g++) header.push(...ITEM_GROUP)
  return [header, ...lines]
    .map((cells) => cells.map(quote).join(delimiter))
    .join(lineBreak)
    .concat(lineBreak)
}
