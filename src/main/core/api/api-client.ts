import type { z } from 'zod'
import {
  accountContributionsPageSchema,
  batchStatusResponseSchema,
  campaignContributionsPageSchema,
  signupsPageSchema,
} from '../../../shared/api/schemas'
import type { CampaignContributionsPage, OrderStatus } from '../../../shared/api/schemas'
import { describeIssues } from '../../../shared/api/validate'
import { API_VERSION } from '../../../shared/config'
import { ApiError, PerkPackError, SignInRequired } from '../system/perkpack-errors'
import { DEFAULT_RETRY, fetchText, parseJsonBody, parseRetryAfter, withRetries } from './http'
import type { Attempt, FetchLike, RetryInfo, RetryPolicy, Sleep } from './http'
import { redact } from '../system/redact'
import type { Session } from '../session/api-session'

export interface ApiClientOptions {
  baseUrl: string
  session: Session
  fetch: FetchLike
  userAgent: string
  retry?: Partial<RetryPolicy>
  sleep?: Sleep
  random?: () => number
  now?: () => number
  /** Each retry, redacted, for logs and `--debug`. */
  onRetry?: (info: RetryInfo) => void
}

export interface RequestOptions {
  signal?: AbortSignal
  /** Overall deadline across every attempt and pause. */
  deadlineMs?: number
}

export interface ContributionFilters {
  email?: string
  status?: OrderStatus
  perkId?: number
}

type Id = string | number

/** One GET endpoint of the API: where it is, what answers it, who may read it. */
interface Endpoint<S extends z.ZodType> {
  /** Below the version, for an id already made safe for a path. */
  path: (id: string) => string
  schema: S
  /** What it reads, for messages ("campaign 123"). */
  what: (id: Id, query: Record<string, string>) => string
  /** 'required': an API token alone is refused; it needs a team member's sign-in. */
  accessToken: 'optional' | 'required'
}

/** The four GET endpoints of the API (api-spec.md). */
const ENDPOINTS = {
  campaignContributions: {
    path: (id) => `/campaigns/${id}/contributions.json`,
    schema: campaignContributionsPageSchema,
    what: (id) => `campaign ${id}`,
    accessToken: 'optional',
  },
  accountContributions: {
    path: (id) => `/accounts/${id}/contributions.json`,
    schema: accountContributionsPageSchema,
    what: (id) => `account ${id}`,
    accessToken: 'optional',
  },
  batchStatus: {
    path: (id) => `/campaigns/${id}/orders/batch_status.json`,
    schema: batchStatusResponseSchema,
    what: (id, query) => `job ${query.job_id} of campaign ${id}`,
    accessToken: 'required',
  },
  signups: {
    path: (id) => `/pre_launch_pages/${id}/signups.json`,
    schema: signupsPageSchema,
    what: (id) => `the pre-launch page of campaign ${id}`,
    accessToken: 'required',
  },
} satisfies Record<string, Endpoint<z.ZodType>>

/**
 * GETs against the data API: tokens as query parameters, retries with backoff and full jitter
 * on network errors, 408, 429 and 5xx (Retry-After honoured, capped), truncated bodies retried,
 * every answer validated with the shared schemas, errors typed and redacted.
 */
export class ApiClient {
  private readonly policy: RetryPolicy

  constructor(private readonly options: ApiClientOptions) {
    this.policy = { ...DEFAULT_RETRY, ...options.retry }
  }

  campaignContributions(
    campaignId: Id,
    page: number,
    filters: ContributionFilters = {},
    request: RequestOptions = {},
  ): Promise<CampaignContributionsPage> {
    const query: Record<string, string> = { page: String(page) }
    if (filters.email) query.email = filters.email
    if (filters.status) query.status = filters.status
    if (filters.perkId !== undefined) query.perk_id = String(filters.perkId)
    return this.get(ENDPOINTS.campaignContributions, campaignId, query, request)
  }

  accountContributions(accountId: Id, page: number, request: RequestOptions = {}) {
    return this.get(ENDPOINTS.accountContributions, accountId, { page: String(page) }, request)
  }

  async batchStatus(campaignId: Id, jobId: string, request: RequestOptions = {}) {
    return (await this.get(ENDPOINTS.batchStatus, campaignId, { job_id: jobId }, request)).response
  }

  signups(campaignId: Id, page: number, request: RequestOptions = {}) {
    return this.get(ENDPOINTS.signups, campaignId, { page: String(page) }, request)
  }

  private async get<S extends z.ZodType>(
    spec: Endpoint<S>,
    id: Id,
    query: Record<string, string>,
    request: RequestOptions,
  ): Promise<z.output<S>> {
    const path = spec.path(encodeURIComponent(String(id)))
    const what = spec.what(id, query)
    const { session } = this.options
    // Tokens go only to the host they were issued for, whatever a caller wired together.
    if (session.target.baseUrl !== this.options.baseUrl.replace(/\/+$/, '')) {
      throw new PerkPackError(
        'target_mismatch',
        `The stored sign-in is for ${session.target.baseUrl}, not ${this.options.baseUrl}. Sign in again for this host; no token was sent.`,
      )
    }
    const endpoint = `GET /${API_VERSION}${path}${query.page ? `?page=${query.page}` : ''}`
    const signal = withDeadline(request)
    const now = this.options.now ?? Date.now
    let accessToken = await session.accessToken()
    if (spec.accessToken === 'required' && accessToken === null) {
      throw new SignInRequired(
        `Reading ${what} needs a team member's sign-in (e-mail and password), not only an API token.`,
      )
    }
    const send = async () => {
      const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/${API_VERSION}${path}`)
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
      url.searchParams.set('api_token', await session.apiToken())
      if (accessToken) url.searchParams.set('access_token', accessToken)
      return fetchText(
        this.options.fetch,
        url.toString(),
        { headers: { accept: 'application/json', 'user-agent': this.options.userAgent } },
        endpoint,
        this.policy.attemptTimeoutMs,
        signal,
      )
    }
    let renewed = false
    const attempt = async (): Promise<Attempt<z.output<S>>> => {
      let answer = await send()
      if (answer.status === 401 && accessToken && !renewed && !isApiTokenProblem(answer.text)) {
        // The access token died (expired or revoked): renew once, shared with concurrent callers,
        // and ask again in the same attempt.
        renewed = true
        accessToken = await session.renewAfter401(accessToken)
        answer = await send()
      }
      const { status, headers, text } = answer
      if (status === 200) return { ok: true, value: parseBody(spec.schema, text, endpoint, what) }
      const error = statusError(status, text, endpoint, what, Boolean(accessToken))
      if (!error.retryable) throw error
      const asked = status === 429 ? parseRetryAfter(headers.get('retry-after'), now()) : null
      return {
        ok: false,
        error,
        ...(asked !== null && { waitAtLeastMs: Math.min(asked, this.policy.maxRetryAfterMs) }),
      }
    }
    return withRetries(attempt, {
      policy: this.policy,
      endpoint,
      signal,
      sleep: this.options.sleep,
      random: this.options.random,
      onRetry: this.options.onRetry,
    })
  }
}

function withDeadline(request: RequestOptions): AbortSignal | undefined {
  if (request.deadlineMs === undefined) return request.signal
  const deadline = AbortSignal.timeout(request.deadlineMs)
  return request.signal ? AbortSignal.any([request.signal, deadline]) : deadline
}

function parseBody<S extends z.ZodType>(
  schema: S,
  text: string,
  endpoint: string,
  what: string,
): z.output<S> {
  // A cut connection can still end in a complete 200: treat it like the network error it is.
  const json = parseJsonBody(
    text,
    endpoint,
    `The API sent an incomplete answer for ${what} (${endpoint}).`,
    { retryable: true },
  )
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, { limit: 3, data: json })
      .map((p) => `${p.path}: ${p.message}`)
      .join('; ')
    throw new ApiError(
      'bad_response',
      endpoint,
      `The API answered for ${what} in a shape PerkPack does not understand (${problems}). Report this with the PerkPack version.`,
      200,
    )
  }
  return parsed.data
}

function errorCode(text: string): { error?: string; message?: string } {
  try {
    const body = JSON.parse(text) as unknown
    if (body && typeof body === 'object') return body as { error?: string; message?: string }
  } catch {
    // Not JSON: the status alone speaks.
  }
  return {}
}

function isApiTokenProblem(text: string): boolean {
  return /api_token/i.test(errorCode(text).error ?? '')
}

function statusError(
  status: number,
  text: string,
  endpoint: string,
  what: string,
  withAccess: boolean,
): ApiError {
  const body = errorCode(text)
  const serverSays = body.message ? ` The server says: ${redact(body.message)}` : ''
  switch (true) {
    case status === 401 && isApiTokenProblem(text):
      return new ApiError(
        'auth',
        endpoint,
        `The API token was rejected (${endpoint}). Check the token in Settings or PERKPACK_API_TOKEN.`,
        status,
      )
    case status === 401:
      return new ApiError(
        'auth',
        endpoint,
        withAccess
          ? `Your sign-in was rejected for ${what} (${endpoint}). Sign in again.`
          : `${what} needs a team member's sign-in (${endpoint}). Sign in with your e-mail and password.`,
        status,
      )
    case status === 403:
      return new ApiError(
        'forbidden',
        endpoint,
        `Your account is not on the team of ${what} (${endpoint}). Ask the campaign owner to add you, or sign in as a team member.`,
        status,
      )
    case status === 404:
      return new ApiError(
        'not_found',
        endpoint,
        `There is no ${what} (${endpoint}). Check the ID.`,
        status,
      )
    case status === 429:
      return new ApiError(
        'rate_limited',
        endpoint,
        `The API is rate limiting requests (${endpoint}).`,
        status,
        { retryable: true, nextStep: 'Wait a minute, then try again.' },
      )
    case status === 408 || status >= 500:
      return new ApiError(
        'server',
        endpoint,
        `The API answered ${status} for ${endpoint}.`,
        status,
        {
          retryable: true,
        },
      )
    default:
      return new ApiError(
        'bad_request',
        endpoint,
        `The API refused ${endpoint} (${status}).${serverSays}`,
        status,
      )
  }
}
