// The decision part of `npm run security`, kept free of I/O so the tests can feed it fabricated
// findings: which electronegativity findings fail the build, which are explained by the reviewed
// allow-list, and whether the allow-list itself is well-formed.

/** Severities that fail the build unless an allow-list entry explains the finding. */
export const BLOCKING_SEVERITIES = ['HIGH', 'MEDIUM']

const SEVERITIES = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH']
const CONFIDENCES = ['TENTATIVE', 'FIRM', 'CERTAIN']
const CHECK_ID = /^[A-Z][A-Z0-9_]*$/
const MIN_REASON_LENGTH = 40
const PLACEHOLDER_REASON = /^(todo|tbd|fixme|n\/?a|none|false positive|ok|accepted|-+)\.?$/i

/** Turns one issue object from electronegativity's programmatic API into a plain record. */
export function normaliseIssue(issue, scan) {
  const severity = typeof issue.severity === 'string' ? issue.severity : issue.severity?.name
  const confidence =
    typeof issue.confidence === 'string' ? issue.confidence : issue.confidence?.name
  return {
    scan,
    id: String(issue.id),
    severity: SEVERITIES.includes(severity) ? severity : 'HIGH', // unknown: treat as the worst
    confidence: CONFIDENCES.includes(confidence) ? confidence : 'TENTATIVE',
    file: String(issue.file ?? 'N/A').replaceAll('\\', '/'),
    line: Number(issue.location?.line ?? 0),
    column: Number(issue.location?.column ?? 0),
    description: String(issue.description ?? ''),
    url: String(issue.shortenedURL ?? ''),
    manualReview: Boolean(issue.manualReview),
  }
}

export function isBlockingSeverity(severity) {
  return BLOCKING_SEVERITIES.includes(severity)
}

/**
 * A small glob: `**` spans directories, `*` and `?` stay within one path segment, `{a,b}` is an
 * alternative. Everything else is literal. `N/A` (electronegativity's file for project-wide
 * findings) is matched literally too.
 */
export function globToRegExp(glob) {
  let source = ''
  let inBraces = false
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i]
    if (char === '*' && glob[i + 1] === '*') {
      i += 1
      if (glob[i + 1] === '/') {
        i += 1
        source += '(?:.*/)?'
      } else source += '.*'
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '{') {
      inBraces = true
      source += '(?:'
    } else if (char === '}' && inBraces) {
      inBraces = false
      source += ')'
    } else if (char === ',' && inBraces) source += '|'
    else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

export function matchesGlob(file, glob) {
  return globToRegExp(glob).test(file)
}

/** Problems with the allow-list file's content; an empty array means it is usable. */
export function validateAllowlist(data) {
  const errors = []
  const entries = data && typeof data === 'object' ? data.entries : undefined
  if (!Array.isArray(entries)) return ['the allow-list must be an object with an "entries" array']
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`
    if (!entry || typeof entry !== 'object') {
      errors.push(`${where}: not an object`)
      return
    }
    if (typeof entry.check !== 'string' || !CHECK_ID.test(entry.check))
      errors.push(
        `${where}: "check" must be an electronegativity check id such as CSP_GLOBAL_CHECK`,
      )
    if (typeof entry.file !== 'string' || entry.file.trim() === '')
      errors.push(`${where}: "file" must be a path or glob (N/A for project-wide findings)`)
    const reason = typeof entry.reason === 'string' ? entry.reason.trim() : ''
    if (
      reason.length < MIN_REASON_LENGTH ||
      PLACEHOLDER_REASON.test(reason) ||
      reason.split(/\s+/).length < 6
    )
      errors.push(`${where}: "reason" must explain in a sentence why this is not a risk here`)
    if (entry.count !== undefined && !(Number.isInteger(entry.count) && entry.count > 0))
      errors.push(`${where}: "count" must be a positive whole number when present`)
    const known = new Set(['check', 'file', 'reason', 'count'])
    for (const key of Object.keys(entry))
      if (!known.has(key)) errors.push(`${where}: unknown key "${key}"`)
  })
  return errors
}

/** Whether an allow-list entry is about this finding's check and file (ignoring `count`). */
export function entryMatches(entry, finding) {
  return entry.check === finding.id && matchesGlob(finding.file, entry.file)
}

/**
 * Splits normalised findings into: `blocking` (HIGH/MEDIUM, not explained), `allowed` (HIGH/MEDIUM
 * with the entry that explains it), `reported` (LOW/INFORMATIONAL, shown but never blocking), and
 * lists the allow-list entries that matched nothing (`unusedEntries`), which are stale.
 *
 * An entry with `count` explains at most that many findings: a new call site of a reviewed API in
 * the same file is a new finding to review, not something the old reason covers. The findings
 * beyond the count are blocking and also listed in `overCount` with the entry they exceeded.
 */
export function classifyFindings(findings, allowlist) {
  const entries = allowlist?.entries ?? []
  const uses = new Map()
  const blocking = []
  const allowed = []
  const reported = []
  const overCount = []
  for (const finding of findings) {
    if (!isBlockingSeverity(finding.severity)) {
      reported.push(finding)
      continue
    }
    const matching = entries.filter((entry) => entryMatches(entry, finding))
    const entry = matching.find(
      (candidate) => (uses.get(candidate) ?? 0) < (candidate.count ?? Infinity),
    )
    if (entry) {
      uses.set(entry, (uses.get(entry) ?? 0) + 1)
      allowed.push({ finding, entry })
    } else {
      blocking.push(finding)
      if (matching.length > 0) overCount.push({ finding, entry: matching[0] })
    }
  }
  const unusedEntries = entries.filter((entry) => !uses.has(entry))
  return { blocking, allowed, reported, overCount, unusedEntries }
}
