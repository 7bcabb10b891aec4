import { parseArgs } from 'node:util'
import type { FaultConfig } from './faults'
import type { SimulatorOptions } from './server'

/** A bad command line: printed as one line, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

export interface CliConfig {
  help: boolean
  printJson: boolean
  options: SimulatorOptions & { port: number }
}

export const DEFAULT_CLI_PORT = 4010

export const HELP = `Usage: npm run simulator -- [options]

Local implementation of the crowdfunding API (see docs/simulator.md).

  --port N                 listen on 127.0.0.1:N (default ${DEFAULT_CLI_PORT}; 0 = a free port)
  --contributions N        contributions of the primary campaign (default 5000)
  --seed N                 dataset seed (default 1)
  --fault-seed N           seed of the fault PRNG (default: --seed)
  --latency-ms MS          delay every answer by MS
  --jitter-ms MS           plus a uniform 0..MS
  --error-rate R           share (0..1) of API requests answered 500/502/503
  --rate-limit-rate R      share answered 429 with Retry-After
  --retry-after S          Retry-After seconds (default 1)
  --reset-rate R           share whose connection is reset mid-body
  --truncate-rate R        share answered 200 with a JSON body cut short
  --token-expires-after N  access tokens stop working after N requests
  --insert-every N         every Nth campaign listing read inserts contributions...
  --insert-count K         ...K of them (default 1)
  --drift R                share (0..1) of contribution rows served with real-world
                           variations, a tenth of them broken (default 0; see docs)
  --token-ttl-seconds S    access token lifetime (default 15552000)
  --api-token T            API token to accept (default demo-api-token)
  --email E, --password P  demo team member's sign-in
  --print-json             print one JSON line with URLs and credentials, nothing else
  --help                   show this help
`

const STRING_OPTIONS = [
  'port',
  'contributions',
  'seed',
  'fault-seed',
  'latency-ms',
  'jitter-ms',
  'error-rate',
  'rate-limit-rate',
  'retry-after',
  'reset-rate',
  'truncate-rate',
  'token-expires-after',
  'insert-every',
  'insert-count',
  'drift',
  'token-ttl-seconds',
  'api-token',
  'email',
  'password',
] as const

type Values = Partial<Record<(typeof STRING_OPTIONS)[number], string>>

function integer(values: Values, name: keyof Values, min: number, max: number): number | undefined {
  const raw = values[name]
  if (raw === undefined) return undefined
  const value = /^-?[0-9]+$/.test(raw.trim()) ? Number(raw) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`
    throw new UsageError(`--${name}: expected an integer ${range}, got '${raw}'`)
  }
  return value
}

function decimal(values: Values, name: keyof Values, min: number, max: number): number | undefined {
  const raw = values[name]
  if (raw === undefined) return undefined
  const value = raw.trim() === '' ? NaN : Number(raw)
  if (!Number.isFinite(value) || value < min || value > max) {
    const range = max === Infinity ? `>= ${min}` : `from ${min} to ${max}`
    throw new UsageError(`--${name}: expected a number ${range}, got '${raw}'`)
  }
  return value
}

function text(values: Values, name: keyof Values): string | undefined {
  const raw = values[name]
  if (raw !== undefined && raw.trim() === '') {
    throw new UsageError(`--${name}: expected a non-empty value`)
  }
  return raw
}

const ANY = Number.MAX_SAFE_INTEGER

function faultsFrom(values: Values, seed: number): Partial<FaultConfig> {
  const faults: Partial<FaultConfig> = { seed: integer(values, 'fault-seed', 0, ANY) ?? seed }
  faults.latencyMs = decimal(values, 'latency-ms', 0, 600_000)
  faults.jitterMs = decimal(values, 'jitter-ms', 0, 600_000)
  faults.errorRate = decimal(values, 'error-rate', 0, 1)
  faults.rateLimitRate = decimal(values, 'rate-limit-rate', 0, 1)
  faults.retryAfterSeconds = integer(values, 'retry-after', 0, 86_400)
  faults.resetRate = decimal(values, 'reset-rate', 0, 1)
  faults.truncateRate = decimal(values, 'truncate-rate', 0, 1)
  faults.tokenExpiresAfterRequests = integer(values, 'token-expires-after', 1, ANY)
  const every = integer(values, 'insert-every', 1, ANY)
  const count = integer(values, 'insert-count', 1, 10_000)
  if (count !== undefined && every === undefined) {
    throw new UsageError('--insert-count: needs --insert-every N as well')
  }
  if (every !== undefined) faults.insertDuringWalk = { everyRequests: every, count: count ?? 1 }
  const shares = [faults.errorRate, faults.rateLimitRate, faults.resetRate, faults.truncateRate]
  if (shares.reduce<number>((sum, share) => sum + (share ?? 0), 0) > 1) {
    throw new UsageError(
      '--error-rate, --rate-limit-rate, --reset-rate and --truncate-rate must add up to at most 1',
    )
  }
  return faults
}

function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  // Node's wording is fine, but its advice about '--' for positionals does not apply here.
  return `${message.split('. ')[0] ?? message} (see --help)`
}

export function parseCliArgs(argv: readonly string[]): CliConfig {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])),
        'print-json': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError(describeParseError(error))
  }
  const values = parsed.values as Values & { 'print-json'?: boolean; help?: boolean }
  const seed = integer(values, 'seed', 0, ANY) ?? 1
  return {
    help: values.help === true,
    printJson: values['print-json'] === true,
    options: {
      port: integer(values, 'port', 0, 65_535) ?? DEFAULT_CLI_PORT,
      contributions: integer(values, 'contributions', 0, 1_000_000) ?? 5000,
      seed,
      tokenTtlSeconds: integer(values, 'token-ttl-seconds', 1, ANY),
      apiToken: text(values, 'api-token'),
      email: text(values, 'email'),
      password: text(values, 'password'),
      faults: faultsFrom(values, seed),
      drift: decimal(values, 'drift', 0, 1),
    },
  }
}
