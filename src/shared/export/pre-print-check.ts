import type { CampaignContribution } from '../api/schemas'

/** Every check, in the order they are listed whatever order they were computed in. */
export const PRE_PRINT_CHECK_ORDER = [
  'packed-but-stopped',
  'address-changed-on-platform',
  'missing-address',
  'nothing-to-ship',
  'stop-status',
  'incomplete-address',
  'items-by-hand',
  'problem-rows',
  'possible-duplicates',
  'non-latin-address',
  'direction-characters',
  'missing-phone-international',
  'missing-weight',
  'missing-customs',
  'stale-data',
] as const

export type PrePrintCheckId = (typeof PRE_PRINT_CHECK_ORDER)[number]

export type PrePrintSeverity = 'error' | 'warning' | 'info'

export interface PrePrintCheck {
  id: PrePrintCheckId
  title: string
  severity: PrePrintSeverity
  /** Orders concerned. Can exceed `contributionIds.length` when the ids are left empty. */
  count: number
  /**
   * Contribution ids of the orders concerned, in selection order: "open as a filtered list"
   * shows exactly these. Empty when the finding is about the whole selection rather than some
   * orders in it (stale data, addresses hidden from an unprivileged sync).
   */
  contributionIds: number[]
  /** One sentence for a person: what was found and, where there is one, what to do. */
  detail: string
  /** Possible duplicates only: the contribution ids of each group, groups in selection order. */
  groups?: number[][]
}

/**
 * A check about some orders of the selection: every one of `ids` listed, in selection order,
 * `detail` worded for their number; null when there are none, so no check is shown empty.
 */
export function ordersCheck(
  check: Pick<PrePrintCheck, 'id' | 'title' | 'severity'>,
  ids: number[],
  detail: (count: number) => string,
): PrePrintCheck | null {
  if (ids.length === 0) return null
  return { ...check, count: ids.length, contributionIds: ids, detail: detail(ids.length) }
}

/** The ids of the rows `found` picks, in selection order. */
export function idsWhere(
  rows: readonly CampaignContribution[],
  found: (row: CampaignContribution) => boolean,
): number[] {
  const ids: number[] = []
  for (const row of rows) if (found(row)) ids.push(row.id)
  return ids
}
