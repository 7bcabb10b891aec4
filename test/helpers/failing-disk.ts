import type * as Fs from 'node:fs'
import type * as FsPromises from 'node:fs/promises'

/**
 * A full disk or a refusing folder under the real file streams: `node:fs` (and
 * `node:fs/promises`) as they are, except that while `disk` says so, opening a file fails with
 * `failOpen` (as a read-only folder does) or writes fail with ENOSPC once `spaceLeft` bytes are
 * written. Use in a test file:
 *   vi.mock('node:fs', async (actual) => failingFs(await actual()))
 * (the factory imports this module itself: `vi.mock` runs before the file's imports).
 */
export const disk: { failOpen?: string; spaceLeft?: number } = {}

export function resetDisk(): void {
  delete disk.failOpen
  delete disk.spaceLeft
}

export function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated, write`), { code, syscall: 'write' })
}

type Callback = (error: Error | null, value?: number) => void
const last = (args: unknown[]) => args[args.length - 1] as Callback

export function failingFs(actual: typeof Fs): typeof Fs {
  const streamFs = {
    open: (path: string, ...rest: unknown[]) => {
      if (disk.failOpen !== undefined) return last(rest)(fsError(disk.failOpen))
      return (actual.open as (...args: unknown[]) => void)(path, ...rest)
    },
    write: (fd: number, buffer: Buffer, ...rest: unknown[]) => {
      const space = disk.spaceLeft
      if (space !== undefined && buffer.length > space) return last(rest)(fsError('ENOSPC'))
      if (space !== undefined) disk.spaceLeft = space - buffer.length
      return actual.write(fd, buffer, 0, buffer.length, null, last(rest))
    },
    close: actual.close,
    fsync: actual.fsync,
  }
  const createWriteStream = ((path: string, options?: Record<string, unknown>) =>
    actual.createWriteStream(path, {
      ...options,
      // A stream on a descriptor opened already (the Excel writer) opens nothing.
      ...(options?.fd === undefined
        ? { fs: streamFs }
        : { fs: { ...streamFs, open: actual.open } }),
    })) as typeof actual.createWriteStream
  const openSync = ((...args: Parameters<typeof actual.openSync>) => {
    if (disk.failOpen !== undefined) throw fsError(disk.failOpen)
    return actual.openSync(...args)
  }) as typeof actual.openSync
  const module = { ...actual, createWriteStream, openSync }
  return { ...module, default: module } as typeof Fs
}

export function failingFsPromises(actual: typeof FsPromises): typeof FsPromises {
  const mkdir = ((...args: Parameters<typeof actual.mkdir>) =>
    disk.failOpen !== undefined
      ? Promise.reject(fsError(disk.failOpen))
      : actual.mkdir(...args)) as typeof actual.mkdir
  const module = { ...actual, mkdir }
  return { ...module, default: module } as typeof FsPromises
}
