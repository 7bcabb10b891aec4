import type { DashboardFillReport } from '@shared/ipc'
import { formatCount, plural } from '@shared/format/counts'
import { linesText } from './progress-text'

export interface FillReportLine {
  level: 'success' | 'info' | 'warning'
  text: string
}

/**
 * What the person reads after the dashboard file was filled: one line per kind of row, only the
 * kinds that occurred, each saying what to do about it where something is to do.
 */
/**
 * `imported`: the offline copy came from a dashboard file, so a newer file brings the missing
 * orders in, not a sync.
 */
export function fillReportLines(report: DashboardFillReport, imported = false): FillReportLine[] {
  const lines: FillReportLine[] = [
    {
      level: report.filled > 0 ? 'success' : 'info',
      text:
        report.filled > 0
          ? `${plural(report.filled, 'row')} filled with tracking numbers (matched by ${report.matchedBy}), of ${formatCount(report.rows)}.`
          : `No row needed filling (matched by ${report.matchedBy}, ${plural(report.rows, 'row')}).`,
    },
  ]
  if (report.replaced > 0)
    lines.push({
      level: 'warning',
      text: `${plural(report.replaced, 'row')} had another tracking number, now replaced by the one PerkPack stores.`,
    })
  if (report.unchanged > 0)
    lines.push({
      level: 'info',
      text: `${plural(report.unchanged, 'row')} already had the same tracking number.`,
    })
  if (report.noTracking > 0)
    lines.push({
      level: 'info',
      text: `${plural(report.noTracking, 'row')} of orders without a tracking number yet, left as they were.`,
    })
  if (report.unmatched > 0)
    lines.push({
      level: 'warning',
      text: `${plural(report.unmatched, 'row')} not in the offline copy (${linesText(report.unmatchedLines, report.unmatched)}): ${imported ? 'import this newer file as the offline copy' : 'sync the campaign'}, then fill again.`,
    })
  return lines
}
