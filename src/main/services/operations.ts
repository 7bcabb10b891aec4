import { TERMINAL_BATCH_STATUSES } from '../../shared/api/schemas'
import type { AccountContribution, BatchStatus, Signup } from '../../shared/api/schemas'
import type { ApiClient } from './api-client'
import { backoffDelay, sleep as realSleep } from './http'
import type { Sleep } from './http'

export type AccountContributionsResult =
  | { visible: true; accountId: string; contributions: AccountContribution[]; count: number }
  | { visible: false; accountId: string; hiddenCount: number; message: string }

/**
 * Rule 2 of the account listing: without the account's own access token the API answers a
 * page of empty objects and the true count. Empty rows are never shown; the count is explained.
 */
export async function fetchAccountContributions(
  client: ApiClient,
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountContributionsResult> {
  const first = await client.accountContributions(accountId, 1, signal ? { signal } : {})
  const total = first.pagination.count
  const rows = first.response as Array<Partial<AccountContribution>>
  if (total > 0 && rows.length > 0 && rows.every((row) => Object.keys(row).length === 0)) {
    return {
      visible: false,
      accountId,
      hiddenCount: total,
      message: `${total} contribution${total === 1 ? '' : 's'} hidden: sign in as this account to see ${total === 1 ? 'it' : 'them'}.`,
    }
  }
  const contributions = [...(first.response as AccountContribution[])]
  for (let page = 2; page <= first.pagination.pages; page++) {
    const body = await client.accountContributions(accountId, page, signal ? { signal } : {})
    contributions.push(...(body.response as AccountContribution[]))
  }
  const unique = [...new Map(contributions.map((c) => [c.id, c])).values()]
  return { visible: true, accountId, contributions: unique, count: total }
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
    for (const signup of body.response) {
      const key = `${signup.email}\u0000${signup.signup_time}`
      if (!seen.has(key)) {
        seen.add(key)
        all.push(signup)
      }
    }
    const perPage = body.pagination?.per_page ?? 30
    if (body.response.length < perPage) break
    if (body.pagination && body.pagination.next === null) break
  }
  return all
}

export function isTerminal(status: BatchStatus): boolean {
  return TERMINAL_BATCH_STATUSES.includes(status.status)
}

export interface WatchJobOptions {
  signal?: AbortSignal
  onProgress?: (status: BatchStatus) => void
  /** First pause between polls; grows while nothing changes, resets when progress moves. */
  minIntervalMs?: number
  maxIntervalMs?: number
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
    baseDelayMs: options.minIntervalMs ?? 1000,
    maxDelayMs: options.maxIntervalMs ?? 15_000,
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
