import type { CsvRecord } from '../../../shared/csv/csv-text'
import { perkListOf, unwrapTextCell } from '../../../shared/dashboard/dashboard-columns'

// How the cells of one line of a dashboard export read, older exports' shapes included
// (docs/dashboard-import.md): text cells a spreadsheet wrapped as formulas, and a line that
// lists several perks or none.

/**
 * The text of field `at` of a line: trimmed, and a spreadsheet's text cell (`="00123"`, written
 * so leading zeros survive) unwrapped to what it holds.
 */
export function fieldText(record: CsvRecord, at: number): string {
  return at < 0 ? '' : unwrapTextCell(record.fields[at]?.value ?? '').trim()
}

/** A line's perks in the API's shape, or why they cannot be read (the cells it is about). */
export type LinePerks =
  | { perks: Record<string, unknown>[]; problem: null }
  | { perks: []; problem: { column: string; message: string } }

/**
 * The perks of a line: one, none when the Perk cell is empty (older exports write a pledge
 * without a perk so), or several when an older export lists them in one line ("51002, 51005"
 * with as many names). The line's item groups go with its first perk: it says no more.
 */
export function linePerks(
  perkId: string,
  label: string,
  items: Record<string, unknown>[],
): LinePerks {
  const list = perkListOf(perkId, label)
  if (list && list.labels.length !== list.ids.length) {
    const message =
      `${list.ids.length} perk ids (${list.ids.join(', ')}) but ${list.labels.length} perk ` +
      `names (${list.labels.join(', ')}): each perk needs its name`
    return { perks: [], problem: { column: 'Perk ID and Perk', message } }
  }
  if (list) {
    const perks = list.ids.map((id, i) => ({
      id,
      label: list.labels[i],
      items: i === 0 ? items : [],
    }))
    return { perks, problem: null }
  }
  if (label === '' && items.length === 0) return { perks: [], problem: null }
  return { perks: [{ id: perkId, label, items }], problem: null }
}
