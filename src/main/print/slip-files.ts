import { randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { SlipBatchRange, SlipsProgress } from '../../shared/ipc'
import { PerkPackError } from '../core/system/perkpack-errors'
import { batchFiles } from '../core/print'
import { writeFailure } from '../core/system/write-errors'

export function slipsCancelled(): PerkPackError {
  return new PerkPackError('print_cancelled', 'Cancelled: no packing slip file was kept.')
}

/** A hidden, unguessable name beside `file`: nobody opens half a PDF under its real name. */
function partFile(file: string): string {
  return join(dirname(file), `.${basename(file)}.${randomUUID()}.part`)
}

export interface SlipFilesRun {
  batches: readonly SlipBatchRange[]
  /** The chosen path; several batches are numbered beside it (`batchFiles`). */
  chosen: string
  /**
   * Writes one batch's PDF to `part` (a new file), laid out as it is drawn, and gives its page
   * count: memory holds a page of one batch at a time.
   */
  write: (batch: SlipBatchRange, part: string, signal: AbortSignal) => Promise<number>
  signal: AbortSignal
  progress: (event: SlipsProgress) => void
}

/**
 * Writes every batch to its file. The files appear under their names only when all are
 * written; on failure or cancel none is left behind, neither finished batches nor the one
 * being printed.
 */
export async function writeSlipFiles(
  run: SlipFilesRun,
): Promise<{ files: string[]; pages: number }> {
  const { batches, signal } = run
  const files = batchFiles(run.chosen, batches.length)
  const total = batches.reduce((sum, b) => sum + (b.to - b.from), 0)
  const parts: Array<{ part: string; file: string }> = []
  const renamed: string[] = []
  let pages = 0
  let done = 0
  try {
    for (const [index, batch] of batches.entries()) {
      if (signal.aborted) throw slipsCancelled()
      run.progress({ batch: index, batches: batches.length, done, total })
      const file = files[index] as string
      const part = partFile(file)
      parts.push({ part, file })
      const written = await run.write(batch, part, signal).catch((error: unknown) => {
        throw writeFailure(file, error)
      })
      if (signal.aborted) throw slipsCancelled()
      done += batch.to - batch.from
      pages += written
    }
    run.progress({ batch: batches.length, batches: batches.length, done, total })
    while (parts.length > 0) {
      const { part, file } = parts[0] as { part: string; file: string }
      await rename(part, file).catch((error: unknown) => {
        throw writeFailure(file, error)
      })
      parts.shift()
      renamed.push(file)
    }
    return { files, pages }
  } catch (error) {
    // All or nothing: eight files named "of-008" promise eight.
    for (const file of renamed) await rm(file, { force: true }).catch(() => undefined)
    // The platform's own failure while cancelling (a window torn down) is the cancel.
    if (signal.aborted) throw slipsCancelled()
    throw error
  } finally {
    for (const { part } of parts) await rm(part, { force: true }).catch(() => undefined)
  }
}
