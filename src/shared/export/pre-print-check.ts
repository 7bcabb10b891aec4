/** Every check, in the order they are listed whatever order they were computed in. */
export const PRE_PRINT_CHECK_ORDER = [
  'packed-but-stopped',
  'missing-address',
  'nothing-to-ship',
  'refunded-or-on-hold',
  'incomplete-address',
  'problem-rows',
  'possible-duplicates',
  'non-latin-address',
  'missing-phone-international',
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
