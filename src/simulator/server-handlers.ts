import type { IncomingMessage } from 'node:http'
import { ORDER_STATUSES } from '../shared/api'
import type { OrderStatus } from '../shared/api'
import { driftedAccountRow, driftedCampaignRow, stripPrivileged } from './drift'
import type { WireCampaignContribution } from './wire'
import type { FaultInjector } from './faults'
import type { SimDataset } from './model'
import { listingPage, pageWindow, parsePage } from './server-paging'
import { HttpError, readBody } from './server-respond'
import type { Reply } from './server-respond'
import type { SimStats } from './server-stats'
import type { AccountEntry, ContributionFilter, SimStore } from './server-store'
import type { JobBoard } from './server-jobs'
import type { TokenStore } from './server-tokens'

export interface HandlerDeps {
  apiToken: string
  dataset: SimDataset
  store: SimStore
  tokens: TokenStore
  jobs: JobBoard
  faults: FaultInjector
  stats: SimStats
}

/** Who is calling: the account behind a valid access token, or null without one. */
interface Caller {
  accountId: number | null
}

const DIGITS = /^[0-9]+$/

function notFound(message: string): HttpError {
  return new HttpError(404, 'not_found', message)
}

/** Path ids are integers; anything else names no resource, hence 404 rather than 400. */
export function parseId(raw: string, what: string): number {
  const id = DIGITS.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(id)) throw notFound(`No ${what} with this id.`)
  return id
}

/** Empty filter values are treated as absent: form serialisers send `status=` for "any". */
function param(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name)
  return value === null || value === '' ? undefined : value
}

function parseStatus(raw: string | undefined): OrderStatus | undefined {
  if (raw === undefined) return undefined
  if ((ORDER_STATUSES as readonly string[]).includes(raw)) return raw as OrderStatus
  throw new HttpError(400, 'invalid_status', `status must be one of: ${ORDER_STATUSES.join(', ')}.`)
}

function parsePerkId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const id = DIGITS.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(id)) {
    throw new HttpError(400, 'invalid_perk_id', 'perk_id must be a non-negative integer.')
  }
  return id
}

function parseFilter(query: URLSearchParams): ContributionFilter {
  return {
    email: param(query, 'email'),
    status: parseStatus(param(query, 'status')),
    perkId: parsePerkId(param(query, 'perk_id')),
  }
}

/** The campaign listing without the privileged fields (e-mail, order.shipping). */
function withoutPrivileged(row: WireCampaignContribution): WireCampaignContribution {
  const copy: WireCampaignContribution = { ...row, order: { ...row.order } }
  delete copy.email
  delete copy.order.shipping
  return copy
}

function keep(row: WireCampaignContribution): WireCampaignContribution {
  return row
}

const ACCESS_TOKEN_MESSAGES = {
  unknown: 'The access_token is not recognised; request a new one with the password grant.',
  expired: 'The access_token has expired; request a new one with the password grant.',
  used_up: 'The access_token has expired; request a new one with the password grant.',
} as const

export class SimApi {
  private campaignListingReads = 0

  constructor(private readonly deps: HandlerDeps) {}

  campaignContributions(rawId: string, query: URLSearchParams): Reply {
    const caller = this.authenticate(query)
    const campaignId = this.requireCampaign(rawId)
    const filter = parseFilter(query)
    const page = parsePage(query.get('page'))
    this.maybeInsert(campaignId)
    const rows = this.deps.store.filtered(campaignId, filter)
    const privileged = this.onTeam(caller, campaignId)
    const clean = privileged ? keep : withoutPrivileged
    const rate = this.deps.faults.config.drift
    if (rate === 0) return { status: 200, body: listingPage(rows, page, clean) }
    const { seed } = this.deps.dataset
    const serve = (row: WireCampaignContribution) => {
      const drifted = driftedCampaignRow(seed, rate, row)
      if (!drifted) return clean(row)
      this.deps.stats.faultsInjected.drifted++
      return privileged ? drifted : stripPrivileged(drifted)
    }
    return { status: 200, body: listingPage(rows, page, serve) }
  }

  accountContributions(rawId: string, query: URLSearchParams): Reply {
    const caller = this.authenticate(query)
    const accountId = parseId(rawId, 'account')
    const entries = this.deps.store.accountEntries(accountId)
    if (!entries) throw notFound('No account with this id.')
    const page = parsePage(query.get('page'))
    if (caller.accountId === accountId) {
      const { store, dataset, faults, stats } = this.deps
      const rate = faults.config.drift
      const serve = (entry: AccountEntry) => {
        const row = store.accountRow(entry)
        const drifted = rate > 0 && driftedAccountRow(dataset.seed, rate, entry.contribution, row)
        if (!drifted) return row
        stats.faultsInjected.drifted++
        return drifted
      }
      return { status: 200, body: listingPage(entries, page, serve) }
    }
    // Rule 2: the platform hides the rows but not how many there are.
    const { start, end, pagination } = pageWindow(entries.length, page)
    const response = Array.from({ length: end - start }, () => ({}))
    return { status: 200, body: { response, count: response.length, pagination } }
  }

  batchStatus(rawId: string, query: URLSearchParams): Reply {
    const caller = this.authenticate(query)
    const campaignId = this.requireCampaign(rawId)
    this.requireTeam(caller, campaignId)
    const jobId = param(query, 'job_id')
    if (jobId === undefined) {
      throw new HttpError(400, 'missing_job_id', 'The job_id query parameter is required.')
    }
    const plan = this.deps.jobs.find(campaignId, jobId)
    if (!plan) throw notFound('No batch job with this id for this campaign.')
    return { status: 200, body: { response: this.deps.jobs.poll(plan) } }
  }

  signups(rawId: string, query: URLSearchParams): Reply {
    const caller = this.authenticate(query)
    const campaignId = this.requireCampaign(rawId)
    this.requireTeam(caller, campaignId)
    const page = parsePage(query.get('page'))
    const rows = this.deps.dataset.signups.get(campaignId) ?? []
    const { start, end } = pageWindow(rows.length, page)
    const response = rows.slice(start, end)
    return { status: 200, body: { response, count: response.length } }
  }

  async token(req: IncomingMessage): Promise<Reply> {
    const fields = await readTokenFields(req)
    const grantType = fields.grant_type
    if (grantType === undefined) throw invalidRequest('grant_type is required.')
    if (grantType === 'refresh_token' && this.deps.faults.config.refreshGrant) {
      if (fields.refresh_token === undefined) throw invalidRequest('refresh_token is required.')
      const renewed = this.deps.tokens.refresh(fields.refresh_token)
      if (!renewed) {
        throw new HttpError(400, 'invalid_grant', 'The refresh token is not valid.')
      }
      this.deps.stats.tokenRefreshes++
      return { status: 200, body: renewed }
    }
    if (grantType !== 'password') {
      throw new HttpError(
        400,
        'unsupported_grant_type',
        this.deps.faults.config.refreshGrant
          ? 'Only grant_type=password and refresh_token are supported by this server.'
          : 'Only grant_type=password is supported by this server.',
      )
    }
    if (fields.credential_type !== 'email') {
      throw invalidRequest('credential_type=email is required.')
    }
    const { email, password } = fields
    if (email === undefined || password === undefined) {
      throw invalidRequest('email and password are required.')
    }
    const wanted = email.toLowerCase()
    const user = this.deps.dataset.users.find((u) => u.email.toLowerCase() === wanted)
    if (!user || user.password !== password) {
      throw new HttpError(401, 'invalid_grant', 'The e-mail address or password is incorrect.')
    }
    this.deps.stats.tokenGrants++
    return { status: 200, body: this.deps.tokens.grant(user.accountId) }
  }

  private authenticate(query: URLSearchParams): Caller {
    const apiToken = query.get('api_token')
    if (apiToken === null || apiToken === '') {
      throw new HttpError(401, 'invalid_api_token', 'The api_token query parameter is required.')
    }
    if (apiToken !== this.deps.apiToken) {
      throw new HttpError(401, 'invalid_api_token', 'The api_token is not valid.')
    }
    const accessToken = param(query, 'access_token')
    if (accessToken === undefined) return { accountId: null }
    const limit = this.deps.faults.config.tokenExpiresAfterRequests
    const check = this.deps.tokens.use(accessToken, limit)
    if (check.ok) return { accountId: check.accountId }
    if (check.reason === 'used_up') this.deps.stats.faultsInjected.tokenExpired++
    throw new HttpError(401, 'invalid_access_token', ACCESS_TOKEN_MESSAGES[check.reason])
  }

  private requireCampaign(rawId: string): number {
    const id = parseId(rawId, 'campaign')
    if (!this.deps.store.campaign(id)) throw notFound('No campaign with this id.')
    return id
  }

  private onTeam(caller: Caller, campaignId: number): boolean {
    if (caller.accountId === null) return false
    return this.deps.dataset.teams.get(campaignId)?.has(caller.accountId) ?? false
  }

  private requireTeam(caller: Caller, campaignId: number): void {
    if (caller.accountId === null) {
      throw new HttpError(
        401,
        'access_token_required',
        'This resource needs the access_token of a campaign team member.',
      )
    }
    if (!this.onTeam(caller, campaignId)) {
      throw new HttpError(403, 'forbidden', 'The access token does not belong to this team.')
    }
  }

  /** The insertDuringWalk fault: every Nth listing read of a campaign grows it first. */
  private maybeInsert(campaignId: number): void {
    const plan = this.deps.faults.config.insertDuringWalk
    if (!plan) return
    this.campaignListingReads++
    if (this.campaignListingReads % plan.everyRequests !== 0) return
    const added = this.deps.store.insert(campaignId, plan.count)
    this.deps.stats.faultsInjected.inserted += added.length
  }
}

function invalidRequest(message: string): HttpError {
  return new HttpError(400, 'invalid_request', message)
}

const TOKEN_FIELDS = [
  'grant_type',
  'credential_type',
  'email',
  'password',
  'refresh_token',
] as const
type TokenFields = Partial<Record<(typeof TOKEN_FIELDS)[number], string>>

/** Form-encoded per OAuth 2; JSON too because several HTTP clients default to it. */
async function readTokenFields(req: IncomingMessage): Promise<TokenFields> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const text = await readBody(req)
  if (type === 'application/json') return jsonFields(text)
  if (type === '' || type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text)
    return pick((name) => form.get(name) ?? undefined)
  }
  throw invalidRequest('Send the token request as application/x-www-form-urlencoded or JSON.')
}

function jsonFields(text: string): TokenFields {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw invalidRequest('The request body is not valid JSON.')
  }
  if (typeof data !== 'object' || data === null) throw invalidRequest('Expected a JSON object.')
  const record = data as Record<string, unknown>
  return pick((name) => {
    const value = record[name]
    return typeof value === 'string' ? value : undefined
  })
}

function pick(get: (name: string) => string | undefined): TokenFields {
  const fields: TokenFields = {}
  for (const name of TOKEN_FIELDS) {
    const value = get(name)
    if (value !== undefined && value !== '') fields[name] = value
  }
  return fields
}
