import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { generateDataset } from './data'
import { FaultInjector } from './faults'
import type { FaultConfig } from './faults'
import { BACKER_CREDENTIALS, DEMO_CREDENTIALS } from './model'
import type { SimDataset } from './model'
import { SimApi } from './server-handlers'
import { JobBoard } from './server-jobs'
import { errorReply, HttpError, sendReply, sendReset, sendTruncated } from './server-respond'
import type { Reply } from './server-respond'
import { simControls } from './server-controls'
import type { SimControls } from './server-controls'
import { matchRoute } from './server-routes'
import type { Route } from './server-routes'
import { countStatus, emptyStats } from './server-stats'
import { SimStore } from './server-store'
import { handleTestEndpoint } from './server-test-endpoints'
import { DEFAULT_TOKEN_TTL_SECONDS, TokenStore } from './server-tokens'

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Dataset seed (default 1). Ignored when `dataset` is given. */
  seed?: number
  /** Contributions of the primary campaign (default 5000). Ignored when `dataset` is given. */
  contributions?: number
  /** A prebuilt dataset, e.g. one trimmed by a test; the simulator mutates it on inserts. */
  dataset?: SimDataset
  apiToken?: string
  /** Demo team member's sign-in; passed to generateDataset. */
  email?: string
  password?: string
  tokenTtlSeconds?: number
  faults?: Partial<FaultConfig>
  /**
   * Share (0..1) of contribution rows served with real-world variations; wins over
   * `faults.drift`. Changeable later with `setFaults({drift})`. Default 0.
   */
  drift?: number
  /** Milliseconds since the epoch; tests move time forward to expire tokens. */
  clock?: () => number
  /** Serve /__sim/* (default true). They only ever answer loopback clients. */
  testEndpoints?: boolean
}

export interface SimAccounts {
  demo: number
  backer: number | null
  /** Accounts with several contributions (account-listing pagination, rule 1 and 2). */
  withSeveral: number[]
}

export interface Simulator extends SimControls {
  baseUrl: string
  authUrl: string
  port: number
  credentials: { apiToken: string; email: string; password: string }
  dataset: SimDataset
  campaignIds: number[]
  /** [demo, backer, ...withSeveral]; see `accounts` for which is which. */
  accountIds: number[]
  accounts: SimAccounts
  jobIds: string[]
  close(): Promise<void>
}

const FAULT_REPLIES: Record<'500' | '502' | '503', Reply> = {
  500: errorReply(500, 'internal_server_error', 'Simulated internal server error.'),
  502: errorReply(502, 'bad_gateway', 'Simulated bad gateway.'),
  503: errorReply(503, 'service_unavailable', 'Simulated service outage; try again later.'),
}

function pickAccounts(dataset: SimDataset, store: SimStore): SimAccounts {
  const demo = dataset.users[0]?.accountId
  if (demo === undefined) throw new Error('the dataset has no users')
  const backerEmail = BACKER_CREDENTIALS.email.toLowerCase()
  const backer = dataset.users.find((u) => u.email.toLowerCase() === backerEmail)?.accountId
  const exclude = new Set([demo, ...(backer === undefined ? [] : [backer])])
  return { demo, backer: backer ?? null, withSeveral: store.busiestAccounts(3, exclude) }
}

class SimulatorServer {
  readonly stats = emptyStats()
  readonly store: SimStore
  readonly tokens: TokenStore
  readonly jobs: JobBoard
  readonly faults: FaultInjector
  readonly api: SimApi
  readonly controls: SimControls
  readonly server: Server
  private readonly sockets = new Set<Socket>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private closing = false

  constructor(
    readonly dataset: SimDataset,
    readonly apiToken: string,
    options: SimulatorOptions,
  ) {
    const clock = options.clock ?? Date.now
    this.store = new SimStore(dataset, clock)
    this.tokens = new TokenStore(clock, options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS)
    this.jobs = new JobBoard(dataset.jobs, (campaignId) =>
      this.store
        .contributions(campaignId)
        .map((row) => row.order.id)
        .reverse(),
    )
    const drift = options.drift === undefined ? {} : { drift: options.drift }
    this.faults = new FaultInjector({ ...options.faults, ...drift })
    this.api = new SimApi({
      apiToken,
      dataset,
      store: this.store,
      tokens: this.tokens,
      jobs: this.jobs,
      faults: this.faults,
      stats: this.stats,
    })
    this.controls = simControls(this)
    const testEndpoints = options.testEndpoints ?? true
    this.server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
      this.onRequest(req, res, testEndpoints).catch((error: unknown) => this.crash(res, error))
    })
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.once('close', () => this.sockets.delete(socket))
    })
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse, testEndpoints: boolean) {
    const url = URL.canParse(req.url ?? '/', 'http://127.0.0.1')
      ? new URL(req.url ?? '/', 'http://127.0.0.1')
      : new URL('http://127.0.0.1/unparseable')
    if (url.pathname.startsWith('/__sim/')) {
      const reply = testEndpoints
        ? await handleTestEndpoint(this.controls, this.dataset, req, url)
        : undefined
      sendReply(res, reply ?? errorReply(404, 'not_found', 'No such endpoint.'))
      return
    }
    this.stats.requests++
    const match = matchRoute(url.pathname)
    if (match) this.stats.byEndpoint[match.route.endpoint]++
    const isApi = url.pathname.startsWith('/2/')
    if (isApi || match?.route.endpoint === 'token') await this.delay()
    if (this.closing) return
    const fault = isApi ? this.faults.decide().kind : 'pass'
    if (fault === '500' || fault === '502' || fault === '503') {
      this.stats.faultsInjected.error++
      return this.send(res, FAULT_REPLIES[fault])
    }
    if (fault === '429') return this.send(res, this.rateLimited())
    // Resets and truncation hit after the work is done, like a network failing on the way back.
    const reply = await this.produce(req, url, match)
    if (fault === 'reset') {
      this.stats.faultsInjected.reset++
      return sendReset(res, reply)
    }
    if (fault === 'truncate') {
      this.stats.faultsInjected.truncate++
      countStatus(this.stats, 200)
      return sendTruncated(res, reply)
    }
    this.send(res, reply)
  }

  private async produce(
    req: IncomingMessage,
    url: URL,
    match: { route: Route; id: string } | undefined,
  ): Promise<Reply> {
    try {
      if (!match) throw new HttpError(404, 'not_found', 'No such endpoint.')
      const { route, id } = match
      if (req.method !== route.method) {
        throw new HttpError(405, 'method_not_allowed', `Use ${route.method} on this endpoint.`, {
          Allow: route.method,
        })
      }
      return await route.handle(this.api, id, url, req)
    } catch (error) {
      if (error instanceof HttpError) return error.toReply()
      throw error
    }
  }

  private rateLimited(): Reply {
    this.stats.faultsInjected.rateLimit++
    const seconds = this.faults.config.retryAfterSeconds
    return {
      ...errorReply(429, 'rate_limited', `Too many requests; retry after ${seconds} s.`),
      headers: { 'Retry-After': String(seconds) },
    }
  }

  private send(res: ServerResponse, reply: Reply): void {
    countStatus(this.stats, reply.status)
    sendReply(res, reply)
  }

  private delay(): Promise<void> {
    const ms = this.faults.delayMs()
    if (ms <= 0) return Promise.resolve()
    this.stats.faultsInjected.latency++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        resolve()
      }, ms)
      this.timers.add(timer)
    })
  }

  private crash(res: ServerResponse, error: unknown): void {
    console.error('simulator: unexpected error', error)
    if (res.headersSent) res.destroy()
    else this.send(res, errorReply(500, 'internal_server_error', 'Unexpected simulator error.'))
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject)
        const address = this.server.address()
        resolve(typeof address === 'object' && address ? address.port : port)
      })
    })
  }

  close(): Promise<void> {
    this.closing = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    return new Promise((resolve) => {
      this.server.close(() => resolve())
      // Keep-alive and mid-delay sockets would otherwise hold close() open for seconds.
      this.server.closeAllConnections()
      for (const socket of this.sockets) socket.destroy()
    })
  }
}

function buildDataset(options: SimulatorOptions): SimDataset {
  if (options.dataset) return options.dataset
  return generateDataset({
    seed: options.seed ?? 1,
    contributions: options.contributions ?? 5000,
    demoEmail: options.email ?? DEMO_CREDENTIALS.email,
    demoPassword: options.password ?? DEMO_CREDENTIALS.password,
  })
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const ttl = options.tokenTtlSeconds
  if (ttl !== undefined && !(Number.isFinite(ttl) && ttl > 0)) {
    throw new RangeError('tokenTtlSeconds must be a positive number')
  }
  const dataset = buildDataset(options)
  const apiToken = options.apiToken ?? DEMO_CREDENTIALS.apiToken
  const sim = new SimulatorServer(dataset, apiToken, options)
  const port = await sim.listen(options.port ?? 0)
  const baseUrl = `http://127.0.0.1:${port}`
  const demo = dataset.users[0]
  if (!demo) throw new Error('the dataset has no users')
  const accounts = pickAccounts(dataset, sim.store)
  return {
    baseUrl,
    authUrl: baseUrl,
    port,
    credentials: { apiToken, email: demo.email, password: demo.password },
    dataset,
    campaignIds: dataset.campaigns.map((c) => c.id),
    accountIds: [accounts.demo, ...(accounts.backer === null ? [] : [accounts.backer])].concat(
      accounts.withSeveral,
    ),
    accounts,
    jobIds: dataset.jobs.map((job) => job.jobId),
    ...sim.controls,
    close: () => sim.close(),
  }
}
