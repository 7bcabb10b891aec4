import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import type * as Fs from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { Desktop } from '../../../../src/main/exports/desktop-port'
import { ExportDesk } from '../../../../src/main/exports/export-desk'
import {
  renderLabelsPdf,
  renderPickListPdf,
  renderSlipsPdf,
} from '../../../../src/main/services/print'
import { cleanEnv } from '../../../helpers/cli'
import { perkpackHere } from '../../../helpers/cli-in-process'
import { cleanup } from '../../../helpers/harness'
import { numberedOrders } from '../../../helpers/print-fixtures'
import { syncedDataDir } from '../../../helpers/synced-desk'

// A full disk or a read-only folder under the PDF writers: the real pdfkit writer and file
// stream, with the stream's file system calls failing as the kernel fails them.
const disk: { failOpen?: string; spaceLeft?: number } = {}

function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code })
}

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof Fs>()
  const write = (fd: number, buffer: Buffer, ...rest: unknown[]) => {
    const callback = rest[rest.length - 1] as (error: Error | null, written?: number) => void
    const space = disk.spaceLeft
    if (space !== undefined && buffer.length > space) return callback(fsError('ENOSPC'))
    if (space !== undefined) disk.spaceLeft = space - buffer.length
    return actual.write(fd, buffer, 0, buffer.length, null, callback)
  }
  const failing = {
    open: (path: string, ...rest: unknown[]) => {
      const callback = rest[rest.length - 1] as (error: Error | null) => void
      if (disk.failOpen !== undefined) return callback(fsError(disk.failOpen))
      return (actual.open as (...args: unknown[]) => void)(path, ...rest)
    },
    write,
    close: actual.close,
  }
  const createWriteStream = (path: string, options?: Record<string, unknown>) =>
    actual.createWriteStream(path, { ...options, fs: failing })
  return { ...actual, default: { ...actual, createWriteStream }, createWriteStream }
})

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perkpack-full-disk-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  delete disk.failOpen
  delete disk.spaceLeft
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }))
})

const orders = numberedOrders(196)
const failures: Array<[string, typeof disk]> = [
  ['a full disk', { spaceLeft: 2048 }],
  ['a read-only folder', { failOpen: 'EROFS' }],
]
const writers: Array<[string, (out: string) => Promise<unknown>]> = [
  ['packing slips', (out) => renderSlipsPdf(orders, { paper: 'letter', campaignTitle: 't' }, out)],
  ['labels', (out) => renderLabelsPdf(orders, { layout: 'avery5160', senderCountry: 'US' }, out)],
  [
    'the pick list',
    (out) =>
      renderPickListPdf(
        orders,
        { paper: 'letter', campaignTitle: 't', selection: '', syncedAt: null },
        out,
      ),
  ],
]

describe('PDF files on a full disk or a read-only folder', { timeout: 5_000 }, () => {
  describe.each(failures)('%s', (_, failure) => {
    it.each(writers)(
      '%s: the save fails with the write error and leaves no file',
      async (_, write) => {
        const dir = tempDir()
        Object.assign(disk, failure)
        await expect(write(join(dir, 'out.pdf'))).rejects.toMatchObject({
          code: 'export_write_failed',
        })
        expect(readdirSync(dir)).toEqual([])
      },
    )
  })

  it("the app's slips save answers a write error, not a spinner, and keeps nothing", async () => {
    const dir = tempDir()
    const desktop: Desktop = {
      chooseSavePath: async ({ defaultName }) => join(dir, defaultName),
      print: async () => true,
    }
    const desk = new ExportDesk({
      desktop,
      selection: () => ({
        info: { campaignId: 7, title: 't', count: orders.length, privileged: true },
        contributions: orders,
      }),
      settings: () => ({ slipBatchSize: 500, slipFooterNote: '', senderCountry: 'US' }),
      slipsProgress: () => undefined,
      campaignName: () => 'Tidepool',
      locale: 'en',
    } as unknown as ConstructorParameters<typeof ExportDesk>[0])
    disk.spaceLeft = 32 * 1024
    const request = { campaignId: 7, filter: { statuses: [] }, paper: 'letter' as const }
    await expect(desk.slipsPdf(request)).rejects.toMatchObject({ code: 'export_write_failed' })
    expect(readdirSync(dir)).toEqual([])
    // The run is over: the buttons come back.
    expect(desk.cancelSlips()).toBe(false)
  })

  it('perkpack slips on a full disk: exit 1 with the message, no file, no .part', async () => {
    const baseUrl = 'http://127.0.0.1:9'
    const dataDir = syncedDataDir('perkpack-full-disk-cli-', baseUrl, 7, orders)
    afterAll(cleanup)
    const dir = tempDir()
    disk.spaceLeft = 2048
    const env = cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: baseUrl })
    const result = await perkpackHere(['slips', '7', '--out', join(dir, 'slips.pdf')], env)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(join(dir, 'slips.pdf'))
    expect(readdirSync(dir)).toEqual([])
  })
})
