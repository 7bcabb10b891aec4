import type { LabelWarning } from '../main/core/print'
import { plural } from '../shared/export/check-text'
import { labelOrderName } from '../shared/fulfillment'

/** Labels listed one by one; the rest are counted, so a bad batch does not flood the terminal. */
const LABELS_LISTED = 20

/**
 * The labels to look at before printing, for stderr: a count, then one line per label (its
 * order, where it is on the sheets, and what happened, in the words of the app's "Orders to look
 * at"), the first `LABELS_LISTED` of them and how many more. Empty when there is none.
 */
export function labelChecksText(warnings: readonly LabelWarning[]): string {
  const byLabel = new Map<number, LabelWarning[]>()
  for (const warning of warnings) {
    const label = byLabel.get(warning.contributionId)
    if (label) label.push(warning)
    else byLabel.set(warning.contributionId, [warning])
  }
  if (byLabel.size === 0) return ''
  const labels = [...byLabel.values()]
  const lines = labels.slice(0, LABELS_LISTED).map((label) => {
    const { sheet, position } = label[0]!
    const what = label.map((w) => w.message).join('; ')
    return `  ${labelOrderName(label[0]!)} (sheet ${sheet}, position ${position}): ${what}.`
  })
  const more = labels.length - lines.length
  if (more > 0) lines.push(`  and ${more} more.`)
  return `${plural(labels.length, 'label')} to look at before printing:\n${lines.join('\n')}\n`
}
