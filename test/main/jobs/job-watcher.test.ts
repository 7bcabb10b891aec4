import { afterEach, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'

afterEach(cleanupApps)

describe('batch jobs', () => {
  it('names the orders a failed job could not update as the offline copy knows them', async () => {
    const sim = await startSim({ contributions: 120 })
    const app = await makeApp({ sim })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('sync:run', { campaignId })
    const plan = sim.dataset.jobs.find(
      (j) => j.campaignId === campaignId && j.outcome === 'failed',
    )!
    await app.value('jobs:watch', { campaignId, jobId: plan.jobId })
    const failed = await app.waitFor('jobs:update', (job) => job.jobId === plan.jobId && job.done)
    const rows = sim.dataset.contributions.get(campaignId) ?? []
    const errors = (failed.status as unknown as { errors: { order_id: number; message: string }[] })
      .errors
    expect(failed.failures).toEqual(
      errors.map((error) => {
        const row = rows.find((r) => r.order.id === error.order_id)!
        return {
          orderId: error.order_id,
          order: `#${row.order.sequence_number}, ${row.contributor_name}`,
          contributionId: row.id,
          message: error.message,
        }
      }),
    )
    // Kept with the job: a restart shows the same list.
    const listed = await app.value('jobs:list')
    expect(listed.find((job) => job.jobId === plan.jobId)?.failures).toEqual(failed.failures)
  })

  it('polls a job to completed, and the list survives a restart', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const app = await makeApp({ sim, dataDir, store })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const plan = sim.dataset.jobs.find(
      (j) => j.campaignId === campaignId && j.outcome === 'completed',
    )!
    const watched = await app.value('jobs:watch', { campaignId, jobId: plan.jobId })
    expect(watched).toMatchObject({ campaignId, jobId: plan.jobId, done: false, error: null })
    const finished = await app.waitFor('jobs:update', (job) => job.jobId === plan.jobId && job.done)
    expect(finished.status).toMatchObject({
      status: 'completed',
      number_processed: plan.total,
      total: plan.total,
    })
    expect(app.events.filter((e) => e.event === 'jobs:update').length).toBeGreaterThan(2)

    // A wrong id is refused at once and not kept.
    const wrong = await app.call('jobs:watch', { campaignId, jobId: '99999' })
    expect(wrong).toMatchObject({ ok: false, error: { code: 'api_not_found' } })
    // One that is no job id at all is refused before any request.
    const asked = sim.stats().byEndpoint.batchStatus
    const notAnId = await app.call('jobs:watch', { campaignId, jobId: 'job-5001' })
    expect(notAnId).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
    expect(!notAnId.ok && notAnId.error.message).toBe(
      'Job ID "job-5001" is not a number: a batch job’s ID is digits only, such as 5001. Copy the ID alone.',
    )
    expect(sim.stats().byEndpoint.batchStatus).toBe(asked)

    // A failing job stops at failed.
    const failing = sim.dataset.jobs.find(
      (j) => j.campaignId === campaignId && j.outcome === 'failed',
    )!
    await app.value('jobs:watch', { campaignId, jobId: failing.jobId })
    const failed = await app.waitFor(
      'jobs:update',
      (job) => job.jobId === failing.jobId && job.done,
    )
    expect(failed.status?.status).toBe('failed')
    // Without an offline copy the orders it could not update are named by their order IDs.
    const named = (failed.status as { errors?: { order_id: number; message: string }[] }).errors
    expect(failed.failures).toEqual(
      named?.map((e) => ({
        orderId: e.order_id,
        order: `Order ID ${e.order_id}`,
        contributionId: null,
        message: e.message,
      })),
    )
    expect(failed.failures).toHaveLength(3)

    await app.services.dispose()
    const again = await makeApp({ sim, dataDir, store })
    const list = await again.value('jobs:list')
    expect(list.map((j) => [j.jobId, j.done, j.status?.status])).toEqual([
      [failing.jobId, true, 'failed'],
      [plan.jobId, true, 'completed'],
    ])
    expect(await again.value('jobs:unwatch', { campaignId, jobId: failing.jobId })).toHaveLength(1)
  })

  it('resumes polling an unfinished job after a restart', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const slow = { minIntervalMs: 60_000, maxIntervalMs: 60_000 }
    const first = await makeApp({ sim, dataDir, store, services: { jobPolling: slow } })
    await signIn(first, sim)
    const campaignId = sim.campaignIds[0] as number
    const plan = sim.dataset.jobs.find((j) => j.campaignId === campaignId && j.total === 250)!
    expect(await first.value('jobs:watch', { campaignId, jobId: plan.jobId })).toMatchObject({
      done: false,
    })
    await first.services.dispose()

    const second = await makeApp({ sim, dataDir, store })
    const done = await second.waitFor('jobs:update', (job) => job.jobId === plan.jobId && job.done)
    expect(done.status?.status).toBe('completed')
    expect((await second.value('jobs:list'))[0]).toMatchObject({ jobId: plan.jobId, done: true })
  })
})
