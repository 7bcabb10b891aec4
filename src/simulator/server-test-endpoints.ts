import type { IncomingMessage } from 'node:http'
import { driftPlanJson } from './drift'
import { FaultConfigError } from './faults'
import type { FailKind, FaultConfig } from './faults'
import type { SimDataset } from './model'
import type { SimControls } from './server-controls'
import { errorReply, HttpError, readBody } from './server-respond'
import type { Reply } from './server-respond'

/**
 * Test-only control endpoints for end-to-end tests that drive the simulator from another
 * process. Answered only to loopback peers; anything else gets undefined (served as 404).
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

type Action = (controls: SimControls, body: unknown, url: URL, dataset: SimDataset) => Reply

/** `?campaign=ID&rate=R`, both optional: the primary campaign at the current drift rate. */
function planFor(controls: SimControls, url: URL, dataset: SimDataset): Reply {
  const campaign = url.searchParams.get('campaign')
  const rate = url.searchParams.get('rate')
  const campaignId = campaign === null ? dataset.campaigns[0]?.id : Number(campaign)
  if (campaignId === undefined || !dataset.contributions.has(campaignId)) {
    return errorReply(404, 'not_found', 'No campaign with this id.')
  }
  const share = rate === null ? controls.faults().drift : Number(rate)
  if (!(share >= 0 && share <= 1)) {
    return errorReply(400, 'invalid_rate', 'rate must be a number between 0 and 1.')
  }
  return ok(driftPlanJson(controls.driftPlan(campaignId, share)))
}

const ACTIONS: Record<string, Action> = {
  'GET /__sim/stats': (controls) => ok(controls.stats()),
  'POST /__sim/reset-stats': (controls) => {
    controls.resetStats()
    return ok({ ok: true })
  },
  'GET /__sim/faults': (controls) => ok(controls.faults()),
  // FaultInjector.update checks every field of what the test sent.
  'POST /__sim/faults': (controls, body) =>
    ok(controls.setFaults((body ?? {}) as Partial<FaultConfig>)),
  'POST /__sim/fail-next': (controls, body) => {
    const { count, kind } = (body ?? {}) as { count?: unknown; kind?: unknown }
    controls.failNext(typeof count === 'number' ? count : 1, String(kind) as FailKind)
    return ok({ ok: true })
  },
  'GET /__sim/drift-plan': (controls, _body, url, dataset) => planFor(controls, url, dataset),
  'POST /__sim/expire-tokens': (controls) => ok({ expired: controls.expireAllTokens() }),
  'POST /__sim/reset-jobs': (controls) => {
    controls.resetJobs()
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
  controls: SimControls,
  dataset: SimDataset,
  req: IncomingMessage,
  url: URL,
): Promise<Reply | undefined> {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return undefined
  const action = ACTIONS[`${req.method ?? 'GET'} ${url.pathname}`]
  if (!action) return undefined
  try {
    return action(controls, req.method === 'POST' ? await readJson(req) : undefined, url, dataset)
  } catch (error) {
    if (error instanceof HttpError) return error.toReply()
    if (error instanceof FaultConfigError) return errorReply(400, 'invalid_faults', error.message)
    throw error
  }
}
