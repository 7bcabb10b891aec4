import type { CampaignContribution } from '../shared/api/schemas'
import {
  DASHBOARD_HEADER,
  ITEM_GROUP,
  statusToDashboard,
} from '../shared/dashboard/dashboard-columns'

/**
 * A campaign's contributions as the platform dashboard exports them (../shared/api-notes.md):
 * one line per perk of a pledge, the perk's items as repeated groups of Item Name, Item SKU and
 * Option 1-3, one group per unit. Options are written "Name: value" so the choice keeps its name.
 * For tests and the demo: the dashboard's own file is the one users import.
 */
export function dashboardExportCsv(
  rows: readonly CampaignContribution[],
  options: { delimiter?: string; lineBreak?: string } = {},
): string {
  const delimiter = options.delimiter ?? ','
  const lineBreak = options.lineBreak ?? '\r\n'
  const quote = (value: string) =>
    /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value
  const lines: string[][] = []
  let groups = 0
  for (const row of rows) {
    const order = row.order
    const s = order.shipping
    const perks = order.perks.length > 0 ? order.perks : [null]
    for (const perk of perks) {
      const cells = [
        order.sequence_number == null ? '' : String(order.sequence_number),
        String(row.id),
        row.referrer_id == null ? '' : String(row.referrer_id),
        statusToDashboard(String(order.status)),
        row.created_at ?? '',
        row.payment_method ?? '',
        row.appearance?.private_amount ? 'Private' : 'Public',
        row.contributor_name ?? '',
        row.email ?? '',
        row.amount == null ? '' : String(row.amount),
        '',
        '',
        '',
        perk ? String(perk.id) : '',
        perk ? perk.label : '',
        s?.name ?? '',
        s?.phone_number ?? '',
        s?.address ?? '',
        s?.address2 ?? '',
        s?.city ?? '',
        s?.state ?? '',
        s?.zipcode ?? '',
        s?.country ?? '',
        '',
        '',
      ]
      let written = 0
      for (const item of perk?.items ?? []) {
        const choices = (item.sku.choices ?? []).slice(0, 3).map((c) => `${c.name}: ${c.value}`)
        for (let unit = 0; unit < (item.quantity ?? 1); unit++) {
          cells.push(
            item.name ?? '',
            item.sku.code,
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
