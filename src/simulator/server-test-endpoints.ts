import type { IncomingMessage } from 'node:http'
import { driftPlan, driftPlanJson } from './drift'
import { FaultConfigError } from './faults'
import type { FailKind } from './faults'
import { errorReply, HttpError, readBody } from './server-respond'
import type { Reply } from './server-respond'
import { emptyStats, snapshotStats } from './server-stats'
import type { SimulatorServer } from './server'

/**
 * Test-only control endpoints for end-to-end tests that drive the simulator from another
 * process. Answered only to loopback peers; anything else gets undefined (served as 404).
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

type Action = (sim: SimulatorServer, body: unknown, url: URL) => Reply

/** `?campaign=ID&rate=R`, both optional: the primary campaign at the current drift rate. */
function planFor(sim: SimulatorServer, url: URL): Reply {
  const campaign = url.searchParams.get('campaign')
  const rate = url.searchParams.get('rate')
  const campaignId = campaign === null ? sim.dataset.campaigns[0]?.id : Number(campaign)
  if (campaignId === undefined || !sim.dataset.contributions.has(campaignId)) {
    return errorReply(404, 'not_found', 'No campaign with this id.')
  }
  const share = rate === null ? sim.faults.config.drift : Number(rate)
  if (!(share >= 0 && share <= 1)) {
    return errorReply(400, 'invalid_rate', 'rate must be a number between 0 and 1.')
  }
  return ok(driftPlanJson(driftPlan(sim.dataset, share, campaignId)))
}

const ACTIONS: Record<string, Action> = {
  'GET /__sim/stats': (sim) => ok(snapshotStats(sim.stats)),
  'POST /__sim/reset-stats': (sim) => {
    Object.assign(sim.stats, emptyStats())
    return ok({ ok: true })
  },
  'GET /__sim/faults': (sim) => ok(sim.faults.config),
  'POST /__sim/faults': (sim, body) => ok(sim.faults.update(body ?? {})),
  'POST /__sim/fail-next': (sim, body) => {
    const { count, kind } = (body ?? {}) as { count?: unknown; kind?: unknown }
    sim.faults.failNext(typeof count === 'number' ? count : 1, String(kind) as FailKind)
    return ok({ ok: true })
  },
  'GET /__sim/drift-plan': (sim, _body, url) => planFor(sim, url),
  'POST /__sim/expire-tokens': (sim) => ok({ expired: sim.tokens.expireAll() }),
  'POST /__sim/reset-jobs': (sim) => {
    sim.jobs.reset()
    return ok({ ok: true })
  },
}

function ok(body: unknown): Reply {
  return { status: 200, body }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req)
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.')
  }
}

export async function handleTestEndpoint(
  sim: SimulatorServer,
  req: IncomingMessage,
  url: URL,
): Promise<Reply | undefined> {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return undefined
  const action = ACTIONS[`${req.method ?? 'GET'} ${url.pathname}`]
  if (!action) return undefined
  try {
    return action(sim, req.method === 'POST' ? await readJson(req) : undefined, url)
  } catch (error) {
    if (error instanceof HttpError) return error.toReply()
    if (error instanceof FaultConfigError) return errorReply(400, 'invalid_faults', error.message)
    throw error
  }
}
