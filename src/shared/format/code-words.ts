import type { BatchState } from '../api/schemas'

/**
 * A code the API sent, read as words: "refund_pending" and "REFUND-PENDING" are "Refund
 * pending". A value already written as words by someone ("PayPal", "Refund pending") is kept
 * as it came: only codes (one case, words joined by _ or -) are rewritten.
 */
export function codeWords(code: string): string {
  const text = code.trim()
  const words = text.split(/[\s_-]+/).filter((word) => word !== '')
  if (words.length === 0) return ''
  const isCode = /[_-]/.test(text) || text === text.toLowerCase() || text === text.toUpperCase()
  if (!isCode) return text.replace(/\s+/g, ' ')
  const joined = words.join(' ').toLowerCase()
  return joined.charAt(0).toUpperCase() + joined.slice(1)
}

const BATCH_WORDS: Readonly<Record<BatchState, string>> = {
  queued: 'Queued',
  working: 'Working',
  completed: 'Completed',
  failed: 'Failed',
  killed: 'Stopped',
}

/**
 * A batch job's state as the Jobs view and `perkpack job` say it ("Stopped" for `killed`: an
 * operator ended it); one the API adds later in words of its own; "Waiting" before any answer.
 */
export function batchStateText(state: string | null | undefined): string {
  const key = (state ?? '').trim().toLowerCase()
  if (key === '') return 'Waiting'
  return Object.hasOwn(BATCH_WORDS, key) ? BATCH_WORDS[key as BatchState] : codeWords(key)
}
