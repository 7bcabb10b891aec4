import { UsageError } from '../main/core/system/perkpack-errors'
import { nothingSelectedText } from '../shared/export/selection-text'

/**
 * The flags that select the orders of the print and export commands (print-selection.ts reads
 * them), as a message that asks to change them names them, and the refusal of an empty export.
 * A file of its own: main.ts words errors with it and must not import the commands' modules.
 */
export const SELECTION_FLAGS_TEXT = '--status, --perk or --country'

/**
 * An export of no order is refused, as the app refuses it (`nothing_selected`): exit 2, nothing
 * written, the same words, then the command's `flags` to change.
 */
export function refuseEmptySelection(selected: number, flags = SELECTION_FLAGS_TEXT): void {
  if (selected > 0) return
  throw new UsageError(`${nothingSelectedText('export')} Change ${flags}.`)
}
