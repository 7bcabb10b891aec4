import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { WatchedJob } from '@shared/ipc'
import { api, errorCode, errorMessage, SIGN_IN_REQUIRED } from '@renderer/api'
import { useCampaignsStore } from './campaigns'
import { useSessionStore } from './session'

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

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      jobs.value = await api().listJobs()
    } catch (e) {
      error.value = errorMessage(e)
    } finally {
      loading.value = false
    }
  }

  async function watch(jobId: string): Promise<boolean> {
    const campaignId = useCampaignsStore().currentId
    error.value = null
    if (campaignId === null) {
      error.value = 'Open a campaign first: a batch job belongs to one campaign.'
      return false
    }
    watching.value = true
    try {
      upsert(await api().watchJob({ campaignId, jobId }))
      return true
    } catch (e) {
      if (errorCode(e) === SIGN_IN_REQUIRED)
        useSessionStore().retryAfterSignIn(`job:${campaignId}:${jobId}`, () => watch(jobId))
      else error.value = errorMessage(e)
      return false
    } finally {
      watching.value = false
    }
  }

  async function unwatch(job: WatchedJob): Promise<void> {
    error.value = null
    try {
      jobs.value = await api().unwatchJob({ campaignId: job.campaignId, jobId: job.jobId })
    } catch (e) {
      error.value = errorMessage(e)
    }
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
