import type { OrderStatusText } from '../api/schemas'
import { DEFAULT_STATUSES, NONE_SELECTED, statusText } from '../fulfillment'

// The selection in words, as printed documents head it ("Selection: Status: Captured, In
// fulfillment · Perk: Core Game"): one wording for the app's Orders view and pick list and for
// the command line's printed pick list.

/** One part of a selection as a person set it: "Status: Captured", "Country: DE". */
export interface SelectionPart {
  label: string
  value: string
}

/** The statuses in the app's words; absent: the default ones; empty: every status. */
export function statusPart(statuses: readonly OrderStatusText[] = DEFAULT_STATUSES): SelectionPart {
  return {
    label: 'Status',
    value: statuses.length === 0 ? 'Every status' : statuses.map(statusText).join(', '),
  }
}

/** A perk, by the label its orders carry ("Perk 12" when none of the selection holds it). */
export function perkPart(label: string): SelectionPart {
  return { label: 'Perk', value: label }
}

export function countryPart(country: string): SelectionPart {
  return { label: 'Country', value: country }
}

/** No perk or SKU chosen: the perk tree's root. */
export const ALL_ORDERS_PART: Readonly<SelectionPart> = { label: 'Perk / SKU', value: 'All orders' }

/** "SKU: TEE-M · T-shirt · Size: M in Core Game": the chip's text. */
export function partText(part: SelectionPart): string {
  return `${part.label}: ${part.value}`
}

/** The whole selection on one line, for a printed header: "Status: Captured · SKU: …". */
export function selectionText(parts: readonly SelectionPart[]): string {
  return parts.map(partText).join(' · ')
}

/**
 * A selection of no order, refused before anything is written: "No order matches the current
 * filters, so there is nothing to export." The app and the command line say it alike, each
 * adding where to change the filters.
 */
export function nothingSelectedText(what: string): string {
  return `${NONE_SELECTED}, so there is nothing to ${what}.`
}
