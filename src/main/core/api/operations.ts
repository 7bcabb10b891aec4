import {
  accountContributionSchema,
  isHiddenRow,
  signupSchema,
  TERMINAL_BATCH_STATUSES,
} from '../../../shared/api/schemas'
import { readRow } from '../../../shared/api/validate'
import type { AccountContribution, BatchStatus, Signup } from '../../../shared/api/schemas'
import type { AccountContributionsView } from '../../../shared/ipc'
import type { ApiClient } from './api-client'
import { backoffDelay, sleep as realSleep } from './http'
import type { Sleep } from './http'

/**
 * Rule 2 of the account listing: without the account's own access token the API answers a
 * page of empty objects and the true count. Empty rows are never shown; the count is explained.
 */
export async function fetchAccountContributions(
  client: ApiClient,
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountContributionsView> {
  const first = await client.accountContributions(accountId, 1, signal ? { signal } : {})
  const total = first.pagination.count
  const rows = first.response
  if (total > 0 && rows.length > 0 && rows.every(isHiddenRow)) {
    return {
      visible: false,
      accountId,
      hiddenCount: total,
      message: `${total} contribution${total === 1 ? '' : 's'} hidden: sign in as this account to see ${total === 1 ? 'it' : 'them'}.`,
    }
  }
  const raw = [...rows]
  for (let page = 2; page <= first.pagination.pages; page++) {
    const body = await client.accountContributions(accountId, page, signal ? { signal } : {})
    raw.push(...body.response)
  }
  const byId = new Map<number, AccountContribution>()
  let unreadable = 0
  for (const row of raw) {
    if (isHiddenRow(row)) continue
    const read = readRow(accountContributionSchema, row)
    if (read.ok) byId.set(read.value.id, read.value)
    else unreadable++
  }
  return { visible: true, accountId, contributions: [...byId.values()], count: total, unreadable }
}

/** Pre-launch sign-ups: the envelope has no pagination, so walk until an empty or short page. */
export async function fetchSignups(
  client: ApiClient,
  campaignId: string | number,
  signal?: AbortSignal,
  maxPages = 10_000,
): Promise<Signup[]> {
  const all: Signup[] = []
  const seen = new Set<string>()
  for (let page = 1; page <= maxPages; page++) {
    const body = await client.signups(campaignId, page, signal ? { signal } : {})
    for (const raw of body.response) {
      // A sign-up without an e-mail address is nothing anyone can use; the rest is kept.
      const read = readRow(signupSchema, raw)
      if (!read.ok) continue
      const signup = read.value
      const key = `${signup.email}\u0000${signup.signup_time ?? ''}`
      if (!seen.has(key)) {
        seen.add(key)
        all.push(signup)
      }
    }
    const perPage = body.pagination?.per_page ?? 30
    if (body.response.length < perPage) break
    if (body.pagination && page >= body.pagination.pages) break
  }
  return all
}

export function isTerminal(status: BatchStatus): boolean {
  // An unknown status is not an end: the watch goes on (with its growing pause) and shows it.
  return (TERMINAL_BATCH_STATUSES as readonly string[]).includes(status.status)
}

/** How often a batch job is asked, for a one-off watch and for the app's watched jobs alike. */
export interface JobPolling {
  /** First pause between polls; grows while nothing changes, resets when progress moves. */
  minIntervalMs?: number
  maxIntervalMs?: number
}
export const JOB_POLLING_DEFAULTS: Required<JobPolling> = {
  minIntervalMs: 1000,
  maxIntervalMs: 15_000,
}

export interface WatchJobOptions extends JobPolling {
  signal?: AbortSignal
  onProgress?: (status: BatchStatus) => void
  sleep?: Sleep
  random?: () => number
}

/** Polls a batch job until completed, failed or killed, backing off while it does not move. */
export async function watchJob(
  client: ApiClient,
  campaignId: string | number,
  jobId: string,
  options: WatchJobOptions = {},
): Promise<BatchStatus> {
  const sleep = options.sleep ?? realSleep
  const policy = {
    baseDelayMs: options.minIntervalMs ?? JOB_POLLING_DEFAULTS.minIntervalMs,
    maxDelayMs: options.maxIntervalMs ?? JOB_POLLING_DEFAULTS.maxIntervalMs,
  }
  let idle = 0
  let previous: string | null = null
  for (;;) {
    const status = await client.batchStatus(
      campaignId,
      jobId,
      options.signal ? { signal: options.signal } : {},
    )
    options.onProgress?.(status)
    if (isTerminal(status)) return status
    const fingerprint = `${status.status}:${status.number_processed}`
    idle = fingerprint === previous ? idle + 1 : 0
    previous = fingerprint
    // Never poll faster than the base interval; back off with jitter while the job sits still.
    const delay = policy.baseDelayMs + backoffDelay(idle + 1, policy, options.random)
    await sleep(Math.min(delay, policy.maxDelayMs), options.signal)
  }
}
