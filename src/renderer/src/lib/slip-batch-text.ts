import type { SlipBatchRange, SlipsProgress } from '@shared/ipc'
import { formatCount, plural } from './counts'

/** "Slips 501–1,000" for the batch picker (1-based, as the person counts). */
export function batchLabel(batch: SlipBatchRange): string {
  return `Slips ${formatCount(batch.from + 1)}–${formatCount(batch.to)}`
}

/**
 * "Batch 3 of 8, 1,500 of 3,697 slips": the batch being written (the last when all are), and
 * the slips already in finished batches.
 */
export function slipsProgressText(progress: SlipsProgress | null): string {
  if (progress === null) return 'Preparing the packing slips…'
  const { batch, batches, done, total } = progress
  if (batch >= batches) return `All ${plural(total, 'slip')} written: saving the files…`
  return `Batch ${formatCount(batch + 1)} of ${formatCount(batches)}, ${formatCount(done)} of ${plural(total, 'slip')}`
}

/** 0 to 100, counting slips (the last batch is usually shorter). */
export function slipsPercent(progress: SlipsProgress | null): number {
  if (progress === null || progress.total === 0) return 0
  return Math.min(100, Math.round((progress.done / progress.total) * 100))
}
