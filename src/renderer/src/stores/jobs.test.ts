import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBridge, watchedJob } from '@renderer/test-utils/fakeBridge'
import { useCampaignsStore } from './campaigns'
import { useJobsStore } from './jobs'

describe('useJobsStore', () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })

  it('replaces the job an update is about, and only that one', async () => {
    const fake = fakeBridge({
      listJobs: () => [
        watchedJob({ jobId: 'a' }),
        watchedJob({ jobId: 'b' }),
        watchedJob({ campaignId: 2002, jobId: 'a' }),
      ],
    })
    const jobs = useJobsStore()
    jobs.listen()
    await jobs.load()
    fake.emit(
      'jobs:update',
      watchedJob({
        campaignId: 2002,
        jobId: 'a',
        status: { status: 'completed', message: 'Done', number_processed: 100, total: 100 },
        done: true,
      }),
    )
    expect(jobs.jobs.map((j) => `${j.campaignId}:${j.jobId}:${j.status?.status}`)).toEqual([
      '1001:a:queued',
      '1001:b:queued',
      '2002:a:completed',
    ])
  })

  it('watches a job of the current campaign and lists it first', async () => {
    const fake = fakeBridge({ listJobs: () => [watchedJob({ jobId: 'old' })] })
    useCampaignsStore().open(3003)
    const jobs = useJobsStore()
    await jobs.load()
    expect(await jobs.watch('new-job')).toBe('watching')
    expect(fake.calls.watchJob).toHaveBeenCalledWith({ campaignId: 3003, jobId: 'new-job' })
    expect(jobs.jobs.map((j) => j.jobId)).toEqual(['new-job', 'old'])
  })

  it('refuses to watch without a campaign', async () => {
    const fake = fakeBridge()
    const jobs = useJobsStore()
    expect(await jobs.watch('x')).toBe('no-campaign')
    expect(fake.calls.watchJob).not.toHaveBeenCalled()
  })

  it('stops watching through main and shows its remaining list', async () => {
    const fake = fakeBridge({
      listJobs: () => [watchedJob({ jobId: 'a' }), watchedJob({ jobId: 'b' })],
      unwatchJob: () => [watchedJob({ jobId: 'b' })],
    })
    const jobs = useJobsStore()
    await jobs.load()
    await jobs.unwatch(jobs.jobs[0]!)
    expect(fake.calls.unwatchJob).toHaveBeenCalledWith({ campaignId: 1001, jobId: 'a' })
    expect(jobs.jobs.map((j) => j.jobId)).toEqual(['b'])
  })
})
