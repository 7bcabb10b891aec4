import type { LabelIssue, LabelsPreview, SmallLabelAddresses } from '@shared/ipc'
import { labelOrderName } from '@shared/fulfillment'
import { LABEL_LAYOUT_NAMES } from '@shared/export/label-words'
import { formatCount, plural } from '@shared/format/counts'

/** The orders left out for one reason: all counted, the first of them named. */
export interface LeftOutGroup {
  reason: string
  count: number
  /** "#4932, #4931, contribution 8812005", and "and 24 more" when not all are listed. */
  orders: string
}

/** "#12: Wrapped": a label of the previewed sheet to look at before printing. */
export function labelWarningText(issue: LabelIssue): string {
  return `${labelOrderName(issue)}: ${issue.message}`
}

/**
 * The preview's left-out orders by reason, largest first, as main counted them: the long run of
 * one reason becomes one line that opens, so the labels to look at stay in sight above it.
 */
export function leftOutGroups(preview: LabelsPreview): LeftOutGroup[] {
  return preview.skippedReasons.map(({ reason, count }) => {
    const listed = preview.skipped.filter((issue) => issue.message === reason).map(labelOrderName)
    const more = count - listed.length
    const orders = listed.join(', ') + (more > 0 ? ` and ${formatCount(more)} more` : '')
    return { reason, count, orders }
  })
}

/** "3.5 pt": a size as the label panel says it. */
const points = (pt: number) => `${formatCount(pt)} pt`

/**
 * "12 addresses fit Avery 5160 labels only below 7 pt (down to 5 pt): #48, #112 and 10 more.
 * On 4×6 labels they print at a readable size." Null when there are none.
 */
export function smallAddressText(small: SmallLabelAddresses): string | null {
  if (small.count === 0) return null
  const names = small.orders.map((order) => labelOrderName(order))
  const more = small.count - names.length
  const list = names.join(', ') + (more > 0 ? ` and ${formatCount(more)} more` : '')
  const fit = small.count === 1 ? 'fits' : 'fit'
  const down = small.smallestPt === null ? '' : ` (down to ${points(small.smallestPt)})`
  return (
    `${plural(small.count, 'address', 'addresses')} ${fit} ${LABEL_LAYOUT_NAMES[small.layout]} ` +
    `labels only below ${points(small.readablePt)}${down}: ${list}. ` +
    `On 4×6 labels ${small.count === 1 ? 'it prints' : 'they print'} at a readable size.`
  )
}
