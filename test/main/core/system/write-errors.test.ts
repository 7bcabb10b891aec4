import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { disk, resetDisk } from '../../../helpers/failing-disk'
import { fileSavers } from '../../../helpers/failing-saves'
import { numberedOrders } from '../../../helpers/print-fixtures'

// One wording for a failed save, whatever is saved: the cause and the fix in words, the file
// named, never the system's code (ENOSPC, EROFS...) nor an internal error.
vi.mock('node:fs', async (actual) =>
  (await import('../../../helpers/failing-disk')).failingFs(await actual()),
)
vi.mock('node:fs/promises', async (actual) =>
  (await import('../../../helpers/failing-disk')).failingFsPromises(await actual()),
)

const dirs: string[] = []
afterEach(() => {
  resetDisk()
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }))
})

const causes: Array<[system: string, code: string, says: RegExp]> = [
  [
    'ENOSPC',
    'export_disk_full',
    /: the disk holding .* is full\. Free some space or choose another folder/,
  ],
  [
    'EROFS',
    'export_unwritable',
    /: the disk holding .* is read-only\. Choose a folder on another disk/,
  ],
  [
    'EACCES',
    'export_unwritable',
    /: you do not have permission to write in .*\. Choose a folder you can write to/,
  ],
  [
    'EPERM',
    'export_unwritable',
    /: permission denied, or the file is open in another program\. Close the file/,
  ],
  ['EBUSY', 'export_busy', /: the file is open in another program\. Close it/],
  [
    'ENOENT',
    'export_no_folder',
    /: the folder .* does not exist\. Create it or choose another folder/,
  ],
  ['EIO', 'export_write_failed', /: the system refused to write in .*\. Choose another folder/],
]
const orders = numberedOrders(3)

describe.each(fileSavers(orders))('%s: a failed save', (_, save) => {
  it.each(causes)('%s is told as %s, naming the file and the fix', async (system, code, says) => {
    const dir = mkdtempSync(join(tmpdir(), 'perkpack-write-errors-'))
    dirs.push(dir)
    const out = join(dir, 'export.file')
    disk.failOpen = system
    const error = await save(out).then(
      () => null,
      (e: unknown) => e as Error & { code: string },
    )
    expect(error).toMatchObject({
      code,
      message: expect.stringContaining(`Could not save ${out}: `),
    })
    expect(error?.message).toMatch(says)
    expect(error?.message).toMatch(/, then try again\.$/)
    expect(error?.message).not.toContain(system)
    expect(readdirSync(dir)).toEqual([])
  })
})
