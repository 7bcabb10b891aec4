import { formatCount, plural } from '../format/counts'
import type { Corrected } from '../format/corrections'
import type { LabelLayoutId } from '../ipc/enums'
import { LABELS_PER_SHEET } from '../ipc/limits'

/**
 * How the label panel, its preview and `perkpack labels` speak of a layout: a sheet layout
 * counts sheets and start positions; a 4×6 roll prints one label per page, so it has neither.
 */

/** The layouts by the names people know their stock by. */
export const LABEL_LAYOUT_NAMES: Readonly<Record<LabelLayoutId, string>> = {
  avery5160: 'Avery 5160',
  averyL7160: 'Avery L7160',
  thermal4x6: '4×6',
}

/** One label per page (4×6 thermal): no sheet to count, no position to start from. */
export function isRollLayout(layout: LabelLayoutId): boolean {
  return LABELS_PER_SHEET[layout] === 1
}

/** "997 labels on 34 sheets"; on a roll "11 labels". */
export function labelCountText(labels: number, sheets: number, layout: LabelLayoutId): string {
  const count = plural(labels, 'label')
  return isRollLayout(layout) ? count : `${count} on ${plural(sheets, 'sheet')}`
}

/**
 * The first label's position on the first sheet, brought within the sheet, with the sentence
 * that says what a typed position became ("Start position 40 is past the sheet's 30 labels:
 * starting at 30."). The window shows it under the field, `perkpack labels` on stderr.
 */
export function startPositionFor(layout: LabelLayoutId, typed: number): Corrected {
  const perSheet = LABELS_PER_SHEET[layout]
  const shown = Number.isFinite(typed) ? formatCount(typed) : String(typed)
  if (isRollLayout(layout)) {
    return typed === 1
      ? { value: 1, note: null }
      : {
          value: 1,
          note: `Start position ${shown} does not apply to 4×6 labels, one per label: starting with the first.`,
        }
  }
  if (!Number.isFinite(typed) || typed < 1) {
    return {
      value: 1,
      note: `Start position ${shown} is before the sheet's first label: starting at 1.`,
    }
  }
  if (typed > perSheet) {
    return {
      value: perSheet,
      note: `Start position ${shown} is past the sheet's ${perSheet} labels: starting at ${perSheet}.`,
    }
  }
  const whole = Math.round(typed)
  return whole === typed
    ? { value: whole, note: null }
    : { value: whole, note: `Start position ${shown} is not a whole label: starting at ${whole}.` }
}
