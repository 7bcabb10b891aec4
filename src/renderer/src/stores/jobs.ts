import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { WatchedJob } from '@shared/ipc'
import { api, SIGN_IN_REQUIRED } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { useCampaignsStore } from './campaigns'
import { useSessionStore } from './session'

export type WatchOutcome = 'watching' | 'no-campaign' | 'failed'

const sameJob = (a: WatchedJob, b: { campaignId: number; jobId: string }) =>
  a.campaignId === b.campaignId && a.jobId === b.jobId

export const useJobsStore = defineStore('jobs', () => {
  // Main owns the list (it polls and persists it); this is its latest picture.
  const jobs = ref<WatchedJob[]>([])
  const loading = ref(false)
  const watching = ref(false)
  const error = ref<string | null>(null)

  function upsert(job: WatchedJob): void {
    const index = jobs.value.findIndex((j) => sameJob(j, job))
    if (index === -1) jobs.value = [job, ...jobs.value]
    else jobs.value = jobs.value.map((j, i) => (i === index ? job : j))
  }

  const take = (answer: WatchedJob[]) => (jobs.value = answer)

  async function load(): Promise<void> {
    await trackRequest(() => api().listJobs(), { busy: loading, error, apply: take })
  }

  /** Watches `jobId` of the open campaign; a job belongs to one, so none open starts nothing. */
  async function watch(jobId: string): Promise<WatchOutcome> {
    const campaignId = useCampaignsStore().currentId
    if (campaignId === null) return 'no-campaign'
    const outcome = await trackRequest(() => api().watchJob({ campaignId, jobId }), {
      busy: watching,
      error,
      quiet: [SIGN_IN_REQUIRED],
      apply: upsert,
      failed: ({ code }) => {
        if (code === SIGN_IN_REQUIRED)
          useSessionStore().retryAfterSignIn(`job:${campaignId}:${jobId}`, () => watch(jobId))
      },
    })
    return outcome.ok ? 'watching' : 'failed'
  }

  async function unwatch(job: WatchedJob): Promise<void> {
    await trackRequest(() => api().unwatchJob({ campaignId: job.campaignId, jobId: job.jobId }), {
      error,
      apply: take,
    })
  }

  function reset(): void {
    jobs.value = []
    error.value = null
  }

  function listen(): () => void {
    return api().onJobUpdate(upsert)
  }

  return { jobs, loading, watching, error, load, watch, unwatch, reset, listen }
})
