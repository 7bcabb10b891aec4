import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { Desktop } from '../../../../src/main/export/desktop-port'
import { ExportDesk } from '../../../../src/main/export/export-desk'
import { cleanEnv } from '../../../helpers/cli'
import { perkpackHere } from '../../../helpers/cli-in-process'
import { disk, resetDisk } from '../../../helpers/failing-disk'
import { pdfSavers } from '../../../helpers/failing-saves'
import { cleanup } from '../../../helpers/harness'
import { numberedOrders } from '../../../helpers/print-fixtures'
import { syncedDataDir } from '../../../helpers/synced-desk'

// A full disk or a read-only folder under the PDF writers: the real pdfkit writer and file
// stream, with the stream's file system calls failing as the kernel fails them.
vi.mock('node:fs', async (actual) =>
  (await import('../../../helpers/failing-disk')).failingFs(await actual()),
)

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perkpack-full-disk-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  resetDisk()
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }))
})

const orders = numberedOrders(196)
const failures: Array<[string, typeof disk, string]> = [
  ['a full disk', { spaceLeft: 2048 }, 'export_disk_full'],
  ['a read-only folder', { failOpen: 'EROFS' }, 'export_unwritable'],
]
const writers = pdfSavers(orders)

describe('PDF files on a full disk or a read-only folder', { timeout: 5_000 }, () => {
  describe.each(failures)('%s', (_, failure, code) => {
    it.each(writers)(
      '%s: the save fails with the write error and leaves no file',
      async (_, write) => {
        const dir = tempDir()
        Object.assign(disk, failure)
        await expect(write(join(dir, 'out.pdf'))).rejects.toMatchObject({ code })
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
      asShipped: (selection: unknown) => selection,
      selection: () => ({
        info: { campaignId: 7, title: 't', count: orders.length, privileged: true },
        contributions: orders,
      }),
      settings: () => ({ slipBatchSize: 500, slipFooterNote: '', senderCountry: 'US' }),
      slipsProgress: () => undefined,
      campaignName: () => 'Tidepool',
      locale: 'en',
      now: () => Date.parse('2026-11-29T10:00:00Z'),
    } as unknown as ConstructorParameters<typeof ExportDesk>[0])
    disk.spaceLeft = 32 * 1024
    const request = { campaignId: 7, filter: { statuses: [] }, paper: 'letter' as const }
    await expect(desk.slipsPdf(request)).rejects.toMatchObject({ code: 'export_disk_full' })
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
