import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createHandlers } from '../../src/main/handler-table'
import type { HandlerTable } from '../../src/main/handler-table'
import { AppServices } from '../../src/main/app-services'
import type { AppServicesOptions } from '../../src/main/app-services'
import type { Desktop } from '../../src/main/export/desktop-port'
import type { FetchLike } from '../../src/main/core/api/http'
import { MemorySecretStore } from '../../src/main/core/session/secrets'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import type {
  IpcArgs,
  IpcChannel,
  IpcEnvelope,
  IpcEventName,
  IpcEvents,
  IpcResult,
  LabelsRequest,
  OrderRow,
  OrdersFilter,
  OrdersQueryResult,
  StockRow,
} from '../../src/shared/ipc'
import { MAX_ORDER_ROWS_PER_REQUEST } from '../../src/shared/ipc'
import { BACKER_CREDENTIALS, DEMO_CREDENTIALS, startSimulator } from '../../src/simulator'
import type { Simulator, SimulatorOptions } from '../../src/simulator'
import { toModel } from './model'

export interface RecordedEvent {
  event: IpcEventName
  payload: unknown
}

/** Every envelope and event the test apps produced since the last cleanup. */
export const wire: string[] = []

/**
 * The credentials and tokens in `lines`: what must never cross to the renderer. The simulator's
 * tokens start sim_at_ / sim_rt_; the API token and password are the simulators' own.
 */
export function secretsIn(lines: readonly string[]): string[] {
  const all = lines.join('\n')
  const found = [
    DEMO_CREDENTIALS.apiToken,
    DEMO_CREDENTIALS.password,
    BACKER_CREDENTIALS.password,
    ...sims.flatMap((sim) => [sim.credentials.apiToken, sim.credentials.password]),
  ].filter((secret) => all.includes(secret))
  for (const pattern of [/sim_(?:at|rt)_\w+/, /"(?:access|api|refresh)_?token"\s*:/i]) {
    const match = pattern.exec(all)
    if (match) found.push(match[0])
  }
  return [...new Set(found)]
}

const apps: AppServices[] = []
const sims: Simulator[] = []
const dirs: string[] = []

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-app-'))
  dirs.push(dir)
  return dir
}

export async function startSim(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ contributions: 150, ...options })
  sims.push(sim)
  return sim
}

export interface TestApp {
  services: AppServices
  table: HandlerTable
  events: RecordedEvent[]
  opened: string[]
  call<C extends IpcChannel>(channel: C, ...args: IpcArgs<C>): Promise<IpcEnvelope<IpcResult<C>>>
  /** The value, or a failed test naming the error. */
  value<C extends IpcChannel>(channel: C, ...args: IpcArgs<C>): Promise<IpcResult<C>>
  /** Resolves with the first event matching `test` (already recorded or future). */
  waitFor<E extends IpcEventName>(
    event: E,
    test?: (payload: IpcEvents[E]) => boolean,
    timeoutMs?: number,
  ): Promise<IpcEvents[E]>
}

export interface TestAppOptions {
  sim?: Simulator
  dataDir?: string
  store?: MemorySecretStore
  fetch?: FetchLike
  env?: Record<string, string | undefined>
  services?: Partial<AppServicesOptions>
}

export async function makeApp(options: TestAppOptions = {}): Promise<TestApp> {
  const events: RecordedEvent[] = []
  const waiters: Array<() => void> = []
  const opened: string[] = []
  const store = options.store ?? new MemorySecretStore()
  const services = new AppServices({
    dataDir: options.dataDir ?? tempDir(),
    env: {
      ...(options.sim
        ? { PERKPACK_BASE_URL: options.sim.baseUrl, PERKPACK_AUTH_URL: options.sim.authUrl }
        : {}),
      ...options.env,
    },
    secretStore: () => store,
    emit: (event, payload) => {
      wire.push(JSON.stringify(payload))
      events.push({ event, payload })
      for (const wake of waiters.splice(0)) wake()
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      attempts: 3,
      baseDelayMs: 5,
      maxDelayMs: 20,
      maxRetryAfterMs: 50,
      attemptTimeoutMs: 10_000,
    },
    jobPolling: { minIntervalMs: 5, maxIntervalMs: 30 },
    demo: { contributions: 300, faults: { latencyMs: 0 } },
    locale: 'en',
    ...options.services,
  })
  apps.push(services)
  await services.start()
  const table = createHandlers(services, {
    openExternal: (url) => {
      opened.push(url)
      return true
    },
  })
  const call = async <C extends IpcChannel>(channel: C, ...args: IpcArgs<C>) => {
    const envelope = await (
      table[channel] as (raw: unknown[]) => Promise<IpcEnvelope<IpcResult<C>>>
    )(args)
    wire.push(JSON.stringify(envelope))
    return envelope
  }
  const value = async <C extends IpcChannel>(channel: C, ...args: IpcArgs<C>) => {
    const envelope = await call(channel, ...args)
    if (!envelope.ok) {
      throw new Error(`${channel} failed: ${envelope.error.code}: ${envelope.error.message}`)
    }
    return envelope.value
  }
  const waitFor = <E extends IpcEventName>(
    event: E,
    test: (payload: IpcEvents[E]) => boolean = () => true,
    timeoutMs = 15_000,
  ) =>
    new Promise<IpcEvents[E]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${event} event within ${timeoutMs} ms`)),
        timeoutMs,
      )
      const check = () => {
        const hit = events.find((e) => e.event === event && test(e.payload as IpcEvents[E]))
        if (hit) {
          clearTimeout(timer)
          resolve(hit.payload as IpcEvents[E])
        } else waiters.push(check)
      }
      check()
    })
  return { services, table, events, opened, call, value, waitFor }
}

/**
 * Disposes of the apps and simulators, and fails the test (or, in an afterAll, the file) when
 * an answer or event of theirs carried a secret: every app test checks that, whatever it tests.
 */
export async function cleanupApps(): Promise<void> {
  const crossed = secretsIn(wire.splice(0))
  await Promise.all(apps.splice(0).map((app) => app.dispose()))
  await Promise.all(sims.splice(0).map((sim) => sim.close()))
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  if (crossed.length > 0) throw new Error(`secrets crossed to the renderer: ${crossed.join(', ')}`)
}

/**
 * A query and every row of its answer, paged through `orders:rows` the way the table scrolls:
 * the tests compare whole answers, the renderer only ever holds what is on screen.
 */
export async function queryAll(
  app: Pick<TestApp, 'value'>,
  campaignId: number,
  filter: OrdersFilter,
): Promise<OrdersQueryResult & { all: OrderRow[] }> {
  const result = await app.value('orders:query', { campaignId, filter, pickList: true })
  const all = [...result.rows]
  while (all.length < result.count) {
    const page = await app.value('orders:rows', {
      campaignId,
      resultId: result.resultId,
      offset: all.length,
      limit: MAX_ORDER_ROWS_PER_REQUEST,
    })
    if (page.length === 0)
      throw new Error(`orders:rows stopped at ${all.length} of ${result.count}`)
    all.push(...page)
  }
  return { ...result, all }
}

/** Signs `app` in to the simulator as its team member (API token, e-mail and password). */
export function signIn(
  app: Pick<TestApp, 'value'>,
  sim: Simulator,
): Promise<IpcResult<'session:signIn'>> {
  return app.value('session:signIn', {
    apiToken: sim.credentials.apiToken,
    email: sim.credentials.email,
    password: sim.credentials.password,
  })
}

/** The simulator's rows of a campaign, as the app's model reads them. */
export const rowsOf = (
  sim: { dataset: { contributions: Map<number, readonly unknown[]> } },
  id: number,
): CampaignContribution[] => toModel(sim.dataset.contributions.get(id) ?? [])

/** A simulator with `contributions` orders, an app signed in to it, its first campaign synced. */
export async function syncedApp(contributions: number, options: Omit<TestAppOptions, 'sim'> = {}) {
  const sim = await startSim({ contributions })
  const app = await makeApp({ ...options, sim })
  await signIn(app, sim)
  const campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
  return { sim, app, campaignId }
}

/** A desktop that saves every file under `dir` by its default name and keeps what it printed. */
export function savingDesktop(dir = tempDir()): { desktop: Desktop; printed: string[] } {
  const printed: string[] = []
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => path.join(dir, defaultName),
    print: async (html: string) => {
      printed.push(html)
      return true
    },
  }
  return { desktop, printed }
}

/** A file's text as the window hands it over (`contentBase64`). */
export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

/** `text` as one quoted CSV cell. */
export const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`

/** The recorded level of variant `key` in a `waves:stock` answer. */
export const levelOf = (stock: { rows: StockRow[] }, key: string) =>
  stock.rows.find((row) => row.variantKey === key)?.quantity

/** Every variant of the campaign at `quantity`, as an `sku,choices,quantity` file. */
export function stockFile(
  stock: { rows: StockRow[] },
  quantity: (row: StockRow) => number,
): string {
  const lines = stock.rows.map(
    (row) => `${csvCell(row.skuCode)},${csvCell(row.choicesText)},${quantity(row)}`,
  )
  return ['sku,choices,quantity', ...lines].join('\n')
}

/** A `print:labels` request for `filter`: Avery 5160 from its first label, in sequence order. */
export const labelsRequest = (
  campaignId: number,
  filter: OrdersFilter,
  extra: Partial<LabelsRequest> = {},
): LabelsRequest => ({
  campaignId,
  filter,
  layout: 'avery5160',
  startAt: 1,
  offsetMm: { x: 0, y: 0 },
  order: 'sequence',
  showSummary: false,
  ...extra,
})

/** A new ship-to address a person types in the drawer (floor:correctAddress). */
export const CORRECTED_ADDRESS = {
  name: 'Rowan Quayside',
  address: '12 Harbour Road',
  address2: null,
  city: 'Portsmouth',
  state: null,
  zipcode: 'PO1 3AA',
  country: 'GB',
  phone_number: null,
}
