import type { BatchStatus } from '../shared/api/schemas'
import { batchStateText } from '../shared/format/code-words'

/** "Job 42: Working, 120 of 460 processed. Halfway." with only the parts the API sent. */
export function jobLine(jobId: string, status: BatchStatus): string {
  const done = status.number_processed
  const total = status.total
  const progress =
    done == null && total == null ? '' : `, ${done ?? '?'} of ${total ?? '?'} processed`
  const message = status.message?.trim()
  return `Job ${jobId}: ${batchStateText(status.status)}${progress}.${message ? ` ${message}` : ''}`
}
