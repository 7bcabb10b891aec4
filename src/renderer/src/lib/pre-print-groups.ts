import type { PrePrintCheck } from '@shared/ipc'

/** The findings of one severity, as "Pre-print checks" lists them. */
export interface CheckGroup {
  severity: PrePrintCheck['severity']
  title: string
  checks: PrePrintCheck[]
  /** Folded under its heading until opened: notes, while anything more pressing stands. */
  folded: boolean
}

const GROUPS: readonly Pick<CheckGroup, 'severity' | 'title'>[] = [
  { severity: 'error', title: 'Needs attention' },
  { severity: 'warning', title: 'Warnings' },
  { severity: 'info', title: 'Notes' },
]

/**
 * The checks by severity, most pressing first, each group in the order main listed them: the
 * warnings stand before the long notes on orders left out, which fold while there is anything
 * else to read. Any check main adds finds its group by its severity alone.
 */
export function checkGroups(checks: readonly PrePrintCheck[]): CheckGroup[] {
  const pressing = checks.some((check) => check.severity !== 'info')
  return GROUPS.map((group) => ({
    ...group,
    checks: checks.filter((check) => check.severity === group.severity),
    folded: group.severity === 'info' && pressing,
  })).filter((group) => group.checks.length > 0)
}
