import { afterEach, describe, expect, it } from 'vitest'
import { Cancelled } from '../../../../src/main/core/system/perkpack-errors'
import {
  fetchAccountContributions,
  fetchSignups,
  watchJob,
} from '../../../../src/main/core/api/operations'
import type { BatchStatus } from '../../../../src/shared/api/schemas'
import { BACKER_CREDENTIALS } from '../../../../src/simulator'
import type { JobOutcome, Simulator } from '../../../../src/simulator'
import {
  cleanup,
  makeClient,
  makeSession,
  recordingSleep,
  startSim,
} from '../../../helpers/harness'

afterEach(cleanup)

/** Contribution ids of an account over every campaign, newest first as the simulator serves. */
function contributionsOf(sim: Simulator, accountId: number) {
  return [...sim.dataset.contributions.values()]
    .flat()
    .filter((c) => c.account_id === accountId)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
}

function job(sim: Simulator, outcome: JobOutcome, campaignId = sim.campaignIds[0]!) {
  const plan = sim.dataset.jobs.find((j) => j.campaignId === campaignId && j.outcome === outcome)
  if (!plan) throw new Error(`no ${outcome} job for campaign ${campaignId}`)
  return plan
}

describe('fetchAccountContributions', () => {
  it('rule 1: the account signed in with its own token sees its rows', async () => {
    const sim = await startSim()
    const { session } = await makeSession(sim, {
      email: BACKER_CREDENTIALS.email,
      password: BACKER_CREDENTIALS.password,
    })
    const backer = sim.accounts.backer!
    const expected = contributionsOf(sim, backer)
    expect(expected.length).toBeGreaterThan(0)

    const result = await fetchAccountContributions(makeClient(sim, session), String(backer))
    expect(result.visible).toBe(true)
    if (!result.visible) return
    expect(result.count).toBe(expected.length)
    expect(result.contributions.map((c) => c.id)).toEqual(expected.map((c) => c.id))
    for (const row of result.contributions) {
      const source = expected.find((c) => c.id === row.id)!
      expect(row).toMatchObject({ amount: source.amount, created_at: source.created_at })
      expect(row.order).toEqual({ id: source.order.id, perks: source.order.perks })
      expect(row.campaign?.id).toEqual(expect.any(Number))
    }
  })

  it('rule 2: another account is reported as hidden with its true count', async () => {
    const sim = await startSim()
    const { session } = await makeSession(sim)
    const other = sim.accounts.withSeveral[0]!
    const count = contributionsOf(sim, other).length
    expect(count).toBeGreaterThan(1)

    const result = await fetchAccountContributions(makeClient(sim, session), String(other))
    expect(result).toEqual({
      visible: false,
      accountId: String(other),
      hiddenCount: count,
      message: expect.stringContaining(
        `${count} contributions hidden: sign in as this account`,
      ) as unknown,
    })
    // One page is enough to learn the count: the empty rows are not walked.
    expect(sim.stats().byEndpoint.accountContributions).toBe(1)
  })

  it('rule 2 also applies with the API token alone', async () => {
    const sim = await startSim()
    const { session } = await makeSession(sim, { email: null })
    const backer = sim.accounts.backer!
    const result = await fetchAccountContributions(makeClient(sim, session), String(backer))
    expect(result).toMatchObject({
      visible: false,
      hiddenCount: contributionsOf(sim, backer).length,
    })
  })
})

describe('fetchSignups', () => {
  it('walks until a short page: 75 sign-ups in three requests', async () => {
    const sim = await startSim()
    const { session } = await makeSession(sim)
    await session.accessToken()
    const campaignId = sim.campaignIds[0]!
    const signups = await fetchSignups(makeClient(sim, session), campaignId)
    expect(signups).toHaveLength(75)
    expect(signups).toEqual(sim.dataset.signups.get(campaignId))
    expect(sim.stats().byEndpoint.signups).toBe(3)
  })

  it('a full page followed by an empty one: exactly 30 in two requests', async () => {
    const sim = await startSim()
    const { session } = await makeSession(sim)
    const campaignId = sim.campaignIds[1]!
    const signups = await fetchSignups(makeClient(sim, session), campaignId)
    expect(signups).toHaveLength(30)
    expect(signups).toEqual(sim.dataset.signups.get(campaignId))
    expect(sim.stats().byEndpoint.signups).toBe(2)
  })
})

describe('watchJob', () => {
  async function watch(outcome: JobOutcome) {
    const sim = await startSim({ contributions: 30 })
    const { session } = await makeSession(sim)
    const plan = job(sim, outcome)
    const events: BatchStatus[] = []
    const pauses = recordingSleep()
    const final = await watchJob(makeClient(sim, session), sim.campaignIds[0]!, plan.jobId, {
      onProgress: (status) => events.push(status),
      sleep: pauses.sleep,
      minIntervalMs: 200,
      maxIntervalMs: 2_000,
    })
    return { sim, plan, events, final, delays: pauses.delays }
  }

  it('reaches completed, with rising number_processed', async () => {
    const { sim, plan, events, final, delays } = await watch('completed')
    expect(final).toMatchObject({ status: 'completed', number_processed: plan.total })
    const processed = events.map((e) => e.number_processed)
    for (let i = 1; i < processed.length; i++) {
      expect(processed[i]).toBeGreaterThanOrEqual(processed[i - 1]!)
    }
    expect(new Set(processed).size).toBeGreaterThan(2)
    expect(events.map((e) => e.status)).toEqual([
      ...Array(plan.queuedPolls).fill('queued'),
      ...Array(events.length - plan.queuedPolls - 1).fill('working'),
      'completed',
    ])
    expect(sim.stats().byEndpoint.batchStatus).toBe(events.length)
    // A pause between polls, none after the end; never faster than the base interval.
    expect(delays).toHaveLength(events.length - 1)
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(200)
      expect(delay).toBeLessThanOrEqual(2_000)
    }
  })

  it.each([
    ['failed', 3],
    ['killed', 4],
  ] as const)('stops polling once the job has %s', async (outcome, polls) => {
    const { sim, plan, events, final } = await watch(outcome)
    expect(final).toMatchObject({ status: outcome, number_processed: plan.stopAt })
    expect(events).toHaveLength(polls)
    expect(sim.stats().byEndpoint.batchStatus).toBe(polls)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sim.stats().byEndpoint.batchStatus).toBe(polls)
  })

  it('honours cancellation during a pause', async () => {
    const sim = await startSim({ contributions: 30 })
    const { session } = await makeSession(sim)
    const controller = new AbortController()
    const started = Date.now()
    const error = await watchJob(
      makeClient(sim, session),
      sim.campaignIds[0]!,
      job(sim, 'completed').jobId,
      {
        signal: controller.signal,
        minIntervalMs: 10_000,
        onProgress: () => setTimeout(() => controller.abort(), 50),
      },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Cancelled)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(sim.stats().byEndpoint.batchStatus).toBe(1)
  })
})
