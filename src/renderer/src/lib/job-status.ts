import type { WatchedJob } from '@shared/ipc'
import { batchStateText } from '@shared/format/code-words'

export type TagType = 'default' | 'info' | 'success' | 'error' | 'warning'

const TYPES: Record<string, TagType> = {
  queued: 'default',
  working: 'info',
  completed: 'success',
  failed: 'error',
  killed: 'warning',
}

export function jobStatusType(job: WatchedJob): TagType {
  return job.status ? (TYPES[job.status.status] ?? 'default') : 'default'
}

/** "Working", "Stopped": the state in words, as `perkpack job` says it. */
export function jobStatusLabel(job: WatchedJob): string {
  return batchStateText(job.status?.status)
}

export function jobPercent(job: WatchedJob): number {
  const status = job.status
  if (!status) return 0
  const total = status.total ?? 0
  if (total <= 0) return status.status === 'completed' ? 100 : 0
  return Math.min(100, Math.round(((status.number_processed ?? 0) / total) * 100))
}
