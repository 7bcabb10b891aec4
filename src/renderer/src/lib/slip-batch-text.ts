import type { SlipBatchRange, SlipsPreview, SlipsProgress } from '@shared/ipc'
import { formatCount, plural } from '@shared/format/counts'

/** "Slips 501–1,000" for the batch picker (1-based, as the person counts). */
export function batchLabel(batch: SlipBatchRange): string {
  return `Slips ${formatCount(batch.from + 1)}–${formatCount(batch.to)}`
}

/** "3,697 slips in 8 batches · 450 orders without a slip", the line over the slip preview. */
export function slipsSummary(preview: SlipsPreview | null): string {
  if (!preview) return ''
  const parts = [
    `${plural(preview.slips, 'slip')} in ${plural(preview.batches.length, 'batch', 'batches')}`,
  ]
  if (preview.skippedCount > 0)
    parts.push(`${plural(preview.skippedCount, 'order')} without a slip`)
  return parts.join(' · ')
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
