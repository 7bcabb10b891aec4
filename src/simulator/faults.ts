/**
 * Fault injection for the API simulator: the knobs, their validation, a seeded PRNG so a run
 * can be replayed, and the per-request decision. The HTTP side (what a 503 or a reset looks
 * like on the wire) lives in server-respond.ts; this file only decides.
 */

export interface InsertDuringWalk {
  /** Every Nth campaign-contributions request inserts rows before it is answered. */
  everyRequests: number
  /** Rows inserted at the front of that campaign's listing each time. */
  count: number
}

export interface FaultConfig {
  /** Fixed delay before every answer (API and token endpoint). */
  latencyMs: number
  /** Uniform extra delay 0..jitterMs on top of latencyMs. */
  jitterMs: number
  /** Share of /2/ requests answered 500, 502, 503 in rotation. */
  errorRate: number
  /** Share of /2/ requests answered 429 with a Retry-After header. */
  rateLimitRate: number
  retryAfterSeconds: number
  /** Share of /2/ requests whose connection is reset after part of the body. */
  resetRate: number
  /** Share of /2/ requests answered 200 with a body cut short (a complete response of bad JSON). */
  truncateRate: number
  /** Each access token stops working after this many authorized requests; null = never. */
  tokenExpiresAfterRequests: number | null
  /**
   * The token endpoint accepts grant_type=refresh_token. Whether the real one does is unknown
   * (api-notes), so a client must work both ways: false answers unsupported_grant_type.
   */
  refreshGrant: boolean
  insertDuringWalk: InsertDuringWalk | null
  /**
   * Share (0..1) of contribution rows served with real-world variations (drift.ts). Which rows,
   * and how, follows from the dataset seed and the row id, not from `seed` below.
   */
  drift: number
  /** Seed of the PRNG behind every random decision; setting it restarts the sequence. */
  seed: number
}

export const FAIL_KINDS = ['500', '502', '503', '429', 'reset', 'truncate'] as const
export type FailKind = (typeof FAIL_KINDS)[number]

/** What to do with one /2/ request. `pass` = answer normally. */
export type FaultDecision = { kind: 'pass' } | { kind: FailKind }

export const DEFAULT_FAULTS: Readonly<FaultConfig> = Object.freeze({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  resetRate: 0,
  truncateRate: 0,
  tokenExpiresAfterRequests: null,
  refreshGrant: true,
  insertDuringWalk: null,
  drift: 0,
  seed: 1,
})

export class FaultConfigError extends Error {
  override readonly name = 'FaultConfigError'
}

/** Mulberry32: tiny, fast and good enough to spread faults; not for anything secret. */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function checkNumber(name: string, value: unknown, min: number, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Infinity ? `>= ${min}` : `between ${min} and ${max}`
    throw new FaultConfigError(`${name} must be a number ${range}`)
  }
  return value
}

function checkInteger(name: string, value: unknown, min: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    throw new FaultConfigError(`${name} must be an integer >= ${min}`)
  }
  return value as number
}

function checkInsert(value: unknown): InsertDuringWalk | null {
  if (value === null) return null
  if (typeof value !== 'object') {
    throw new FaultConfigError('insertDuringWalk must be null or {everyRequests, count}')
  }
  const { everyRequests, count } = value as Record<string, unknown>
  return {
    everyRequests: checkInteger('insertDuringWalk.everyRequests', everyRequests, 1),
    count: checkInteger('insertDuringWalk.count', count, 1),
  }
}

const CHECKS: { [K in keyof FaultConfig]: (value: unknown) => FaultConfig[K] } = {
  latencyMs: (v) => checkNumber('latencyMs', v, 0, 600_000),
  jitterMs: (v) => checkNumber('jitterMs', v, 0, 600_000),
  errorRate: (v) => checkNumber('errorRate', v, 0, 1),
  rateLimitRate: (v) => checkNumber('rateLimitRate', v, 0, 1),
  retryAfterSeconds: (v) => checkInteger('retryAfterSeconds', v, 0),
  resetRate: (v) => checkNumber('resetRate', v, 0, 1),
  truncateRate: (v) => checkNumber('truncateRate', v, 0, 1),
  tokenExpiresAfterRequests: (v) =>
    v === null ? null : checkInteger('tokenExpiresAfterRequests', v, 1),
  refreshGrant: (v) => {
    if (typeof v !== 'boolean') throw new FaultConfigError('refreshGrant must be true or false')
    return v
  },
  insertDuringWalk: checkInsert,
  drift: (v) => checkNumber('drift', v, 0, 1),
  seed: (v) => checkInteger('seed', v, 0),
}

/**
 * Merge a partial update (from code, the CLI or the /__sim/faults endpoint, so possibly
 * untyped JSON) into a full config. Throws FaultConfigError naming the first bad knob; unknown
 * keys are refused so a typo does not silently leave a fault switched off.
 */
export function mergeFaults(base: FaultConfig, partial: unknown): FaultConfig {
  if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) {
    throw new FaultConfigError('faults must be a JSON object')
  }
  const next: FaultConfig = { ...base }
  for (const [key, value] of Object.entries(partial)) {
    if (value === undefined) continue
    if (!Object.hasOwn(CHECKS, key)) throw new FaultConfigError(`unknown fault setting: ${key}`)
    const name = key as keyof FaultConfig
    // The index signature cannot express "value type of the same key", hence the cast.
    ;(next as unknown as Record<string, unknown>)[name] = CHECKS[name](value)
  }
  const shares = next.errorRate + next.rateLimitRate + next.resetRate + next.truncateRate
  if (shares > 1 + 1e-9) {
    throw new FaultConfigError(
      'errorRate + rateLimitRate + resetRate + truncateRate must not exceed 1',
    )
  }
  return next
}

export interface FaultCounters {
  latency: number
  error: number
  rateLimit: number
  reset: number
  truncate: number
  tokenExpired: number
  inserted: number
  /** Contribution rows served with drift (both listings). */
  drifted: number
}

export function emptyFaultCounters(): FaultCounters {
  return {
    latency: 0,
    error: 0,
    rateLimit: 0,
    reset: 0,
    truncate: 0,
    tokenExpired: 0,
    inserted: 0,
    drifted: 0,
  }
}

const ERROR_ROTATION = ['500', '502', '503'] as const

/**
 * Holds the live config, the PRNG and the one-shot queue. One instance per simulator so two
 * simulators in one test process never share a random sequence.
 */
export class FaultInjector {
  private current: FaultConfig
  private random: () => number
  private readonly queue: FailKind[] = []
  private errorTurn = 0

  constructor(initial: unknown = {}) {
    this.current = mergeFaults({ ...DEFAULT_FAULTS }, initial)
    this.random = createPrng(this.current.seed)
  }

  get config(): Readonly<FaultConfig> {
    return this.current
  }

  update(partial: unknown): FaultConfig {
    const next = mergeFaults(this.current, partial)
    const reseed = typeof partial === 'object' && partial !== null && 'seed' in partial
    this.current = next
    if (reseed) this.random = createPrng(next.seed)
    return { ...next }
  }

  failNext(count: number, kind: FailKind): void {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new FaultConfigError('failNext count must be an integer >= 0')
    }
    if (!(FAIL_KINDS as readonly string[]).includes(kind)) {
      throw new FaultConfigError(`failNext kind must be one of ${FAIL_KINDS.join(', ')}`)
    }
    for (let i = 0; i < count; i++) this.queue.push(kind)
  }

  /** Milliseconds to wait before answering; draws from the PRNG only when jitter is on. */
  delayMs(): number {
    const { latencyMs, jitterMs } = this.current
    return latencyMs + (jitterMs > 0 ? this.random() * jitterMs : 0)
  }

  /**
   * One draw per /2/ request, mapped onto consecutive bands so the shares are exact and the
   * knobs never overlap. One-shots from failNext win over the random draw.
   */
  decide(): FaultDecision {
    const queued = this.queue.shift()
    if (queued) return { kind: queued }
    const draw = this.random()
    const { errorRate, rateLimitRate, resetRate, truncateRate } = this.current
    let edge = errorRate
    if (draw < edge) return { kind: this.nextError() }
    edge += rateLimitRate
    if (draw < edge) return { kind: '429' }
    edge += resetRate
    if (draw < edge) return { kind: 'reset' }
    edge += truncateRate
    if (draw < edge) return { kind: 'truncate' }
    return { kind: 'pass' }
  }

  private nextError(): FailKind {
    const kind = ERROR_ROTATION[this.errorTurn % ERROR_ROTATION.length] ?? '500'
    this.errorTurn++
    return kind
  }
}
