import { once } from 'node:events'
import fs from 'node:fs'
import { Transform } from 'node:stream'
import type { Writable } from 'node:stream'
import { writeFailure } from '../system/write-errors'
import { EXPORT_FILE_MODE, exportTempPath, removeLeftoverTemps } from './export-temp-files'

// Where the workbook goes: a file written beside its target and renamed into place when
// complete, or the caller's stream.

export interface Sink {
  stream: Writable
  /** Resolves once every byte is out (file closed, or piped on to the caller's stream). */
  settle(): Promise<void>
  bytes(): number
  /** Abandons a failed write: nothing may be left under the user's file name. */
  discard(): Promise<void>
  /** Moves the finished file into place. */
  publish(): void
  path: string | null
}

export function fileSink(target: string): Sink {
  removeLeftoverTemps(target)
  const temp = exportTempPath(target)
  // Opened synchronously so a missing or read-only folder fails here with a clear message,
  // before any work; 'wx' never clobbers another export's temporary file. The mode stays with
  // the file through the rename: the export is its owner's only, as the PDFs are.
  const fd = fs.openSync(temp, 'wx', EXPORT_FILE_MODE)
  const stream = fs.createWriteStream(temp, { fd })
  // Errors surface through commit() or the next breath; an unheard 'error' event would crash.
  let failure: Error | null = null
  stream.on('error', (error) => {
    failure ??= error
  })
  let size = 0
  const closed = (): Promise<void> =>
    stream.closed ? Promise.resolve() : once(stream, 'close').then(() => undefined)
  return {
    stream,
    path: target,
    async settle() {
      await closed()
      if (failure) throw failure
      size = fs.statSync(temp).size
    },
    bytes: () => size,
    async discard() {
      stream.destroy()
      await closed().catch(() => undefined)
      fs.rmSync(temp, { force: true })
    },
    publish() {
      // rename() replaces an older export atomically: a reader sees the old file or the new one.
      fs.renameSync(temp, target)
    },
  }
}

/**
 * A whole file's bytes written as every export writes: beside `target`, renamed into place once
 * complete (nothing is left under its name on failure), failures worded by `writeFailure`.
 */
export async function writeExportFile(target: string, bytes: Uint8Array): Promise<void> {
  let sink: Sink
  try {
    sink = fileSink(target)
  } catch (error) {
    throw writeFailure(target, error)
  }
  try {
    sink.stream.end(bytes)
    await sink.settle()
    sink.publish()
  } catch (error) {
    await sink.discard()
    throw writeFailure(target, error)
  }
}

export function streamSink(out: NodeJS.WritableStream): Sink {
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done(null, chunk)
    },
  })
  counter.pipe(out)
  return {
    stream: counter,
    path: null,
    async settle() {
      if (!counter.readableEnded) await once(counter, 'end')
    },
    bytes: () => size,
    async discard() {
      counter.unpipe(out)
      counter.destroy()
      await Promise.resolve()
    },
    publish() {},
  }
}
