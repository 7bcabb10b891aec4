// Types for electronegativity-filter.mjs (plain JavaScript so `node` runs it without a loader).

export type Severity = 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH'
export type Confidence = 'TENTATIVE' | 'FIRM' | 'CERTAIN'

export interface Finding {
  /** Which scan found it: the build output or the main-process sources. */
  scan: string
  id: string
  severity: Severity
  confidence: Confidence
  /** Repository-relative path with forward slashes, or `N/A` for project-wide findings. */
  file: string
  line: number
  column: number
  description: string
  url: string
  manualReview: boolean
}

export interface AllowlistEntry {
  check: string
  file: string
  reason: string
  /** At most this many findings are explained by the entry; more fail the build. */
  count?: number
}

export interface Allowlist {
  description?: string
  entries: AllowlistEntry[]
}

export interface Classified {
  blocking: Finding[]
  allowed: { finding: Finding; entry: AllowlistEntry }[]
  reported: Finding[]
  overCount: { finding: Finding; entry: AllowlistEntry }[]
  unusedEntries: AllowlistEntry[]
}

export declare const BLOCKING_SEVERITIES: readonly Severity[]
export declare function normaliseIssue(issue: unknown, scan: string): Finding
export declare function isBlockingSeverity(severity: string): boolean
export declare function globToRegExp(glob: string): RegExp
export declare function matchesGlob(file: string, glob: string): boolean
export declare function validateAllowlist(data: unknown): string[]
export declare function entryMatches(entry: AllowlistEntry, finding: Finding): boolean
export declare function classifyFindings(
  findings: readonly Finding[],
  allowlist: Allowlist | undefined,
): Classified
