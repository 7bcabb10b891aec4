import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DashboardImportDesk } from '../../../../src/main/dashboard/dashboard-import-desk'
import type { DashboardImportDeps } from '../../../../src/main/dashboard/dashboard-import-desk'
import {
  checkCsvInput,
  readCsvInput,
  readCsvInputAsync,
} from '../../../../src/main/core/floor/csv-input'
import { UsageError } from '../../../../src/main/core/system/perkpack-errors'
import { MAX_CSV_FIELD_BYTES, MAX_CSV_FILE_BYTES } from '../../../../src/shared/csv/input-limits'
import { cleanupApps, syncedApp } from '../../../helpers/app'
import { ROOT } from '../../../helpers/cli'
import { perkpackHere } from '../../../helpers/cli-in-process'
import { cleanup, tempDir } from '../../../helpers/harness'
import { childArgs } from '../../../helpers/child-script'

// The bounds of a CSV file a person gives PerkPack (shared/csv/input-limits.ts): 64 KiB a field,
// 64 MB a file, in the CLI and the app, refused while the file is read, before memory grows.

const CHILD = fileURLToPath(new URL('../../../helpers/csv-input-child.ts', import.meta.url))
const HEADER = 'Pledge ID,Fulfillment Status,Perk ID,Perk,Shipping Name\n'
const dir = tempDir('perkpack-csv-limits-')

afterAll(async () => {
  await cleanupApps()
  await cleanup()
})

/** A file of `head`, then one quoted field of `mb` MB, then `tail`: written a MB at a time. */
function oneBigField(name: string, mb: number): string {
  const file = path.join(dir, name)
  const fd = fs.openSync(file, 'w')
  const chunk = Buffer.alloc(2 ** 20, 'a')
  fs.writeSync(fd, `${HEADER}1,Unfulfilled,5,Perk,"`)
  for (let i = 0; i < mb; i++) fs.writeSync(fd, chunk)
  fs.writeSync(fd, '"\n')
  fs.closeSync(fd)
  return file
}

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  return 'read'
}

const csv = (text: string) => Buffer.from(text, 'utf8')
const field = (bytes: number) => 'x'.repeat(bytes)

describe('the field limit, as the parser finds fields', () => {
  it('takes a field of 64 KiB and refuses one a byte longer, naming file, line, limit and fix', () => {
    expect(
      refusal(() => checkCsvInput(csv(`${HEADER}1,${field(MAX_CSV_FIELD_BYTES)}\n`), 'a.csv')),
    ).toBe('read')
    expect(
      refusal(() => checkCsvInput(csv(`${HEADER}1,${field(MAX_CSV_FIELD_BYTES + 1)}\n`), 'a.csv')),
    ).toBe(
      "a.csv, line 2: a field is longer than 64 KiB, far more than any cell of a shipper's or the dashboard's export. Check that this is the CSV export itself; if it is, shorten that cell in a spreadsheet and save the file again.",
    )
  })

  it('counts a quoted field whole: doubled quotes, delimiters and line breaks inside it', () => {
    const inside = `"${'a,"",\r\nb'.repeat(MAX_CSV_FIELD_BYTES / 8)}"`
    expect(refusal(() => checkCsvInput(csv(`${HEADER}1,2\r\n3,${inside}\r\n`), 'q.csv'))).toMatch(
      /^q\.csv, line 3: a field is longer/,
    )
    // Short fields with quotes and breaks, each well within the limit, on many lines.
    const many = `1,"a ""quoted"" word, and a\nbreak",x\n`.repeat(10_000)
    expect(refusal(() => checkCsvInput(csv(`${HEADER}${many}`), 'ok.csv'))).toBe('read')
    // A stray quote inside an unquoted field opens nothing (the parser keeps it as text).
    const stray = `1,ab"c,${field(100)}\n`.repeat(2_000)
    expect(refusal(() => checkCsvInput(csv(`${HEADER}${stray}`), 'ok.csv'))).toBe('read')
  })

  it('splits at the delimiter the file uses: commas inside a ;-file field are one field', () => {
    const commas = 'a,'.repeat(MAX_CSV_FIELD_BYTES)
    expect(
      refusal(() => checkCsvInput(csv(`Pledge ID;Perk;Name\n1;x;${commas}\n`), 's.csv')),
    ).toMatch(/line 2: a field is longer/)
    expect(refusal(() => checkCsvInput(csv(`Pledge ID,Perk,Name\n1,x,${commas}\n`), 'c.csv'))).toBe(
      'read',
    )
    const tabs = `Pledge ID\tPerk\tName\n1\tx\t${commas}\n`
    expect(refusal(() => checkCsvInput(csv(tabs), 't.tsv'))).toMatch(/line 2/)
  })

  it('reads UTF-16 files a code unit at a time, with or without a byte order mark', () => {
    const text = `${HEADER}1,${field(MAX_CSV_FIELD_BYTES / 2 + 1)}\n`
    const le = Buffer.from(`\ufeff${text}`, 'utf16le')
    const be = Buffer.from(`\ufeff${text}`, 'utf16le').swap16()
    const bare = Buffer.from(text, 'utf16le')
    for (const bytes of [le, be, bare])
      expect(refusal(() => checkCsvInput(bytes, 'w.csv'))).toMatch(/^w\.csv, line 2: a field/)
    const fits = Buffer.from(`${HEADER}1,${field(MAX_CSV_FIELD_BYTES / 2 - 8)}\n`, 'utf16le')
    expect(refusal(() => checkCsvInput(fits, 'w.csv'))).toBe('read')
  })

  it('reads a file whole, from disk, a chunk at a time, the same both ways', async () => {
    const rows = `1,"${field(60_000)}",\u00e9t\u00e9\r\n`.repeat(40)
    const ok = path.join(dir, 'ok.csv')
    fs.writeFileSync(ok, `${HEADER}${rows}`)
    expect(readCsvInput(ok, 'ok.csv').equals(fs.readFileSync(ok))).toBe(true)
    expect((await readCsvInputAsync(ok, 'ok.csv')).equals(fs.readFileSync(ok))).toBe(true)
    const long = path.join(dir, 'long.csv')
    fs.writeFileSync(long, `${HEADER}${rows}1,${field(3 * 2 ** 20)}\n`)
    expect(refusal(() => readCsvInput(long, 'long.csv'))).toMatch(/^long\.csv, line 42: a field/)
    await expect(readCsvInputAsync(long, 'long.csv')).rejects.toThrow(/^long\.csv, line 42/)
  })

  it('refuses a file over 64 MB by its size, before reading a byte of it', async () => {
    const sparse = path.join(dir, 'huge.csv')
    fs.writeFileSync(sparse, '')
    fs.truncateSync(sparse, MAX_CSV_FILE_BYTES + 1)
    const message =
      'huge.csv is 65 MB; at most 64 MB are read. Choose the CSV export itself, not a folder or an archive.'
    expect(refusal(() => readCsvInput(sparse, 'huge.csv'))).toBe(message)
    await expect(readCsvInputAsync(sparse, 'huge.csv')).rejects.toThrow(message)
  })
})

describe('the CLI and the app refuse such files', () => {
  const long = path.join(dir, 'long-field.csv')
  fs.writeFileSync(long, `${HEADER}1,Unfulfilled,5,Perk,${field(MAX_CSV_FIELD_BYTES + 1)}\n`)

  it.each([
    ['import', ['import', '7', long]],
    ['tracking import', ['tracking', 'import', '7', long]],
    ['tracking fill', ['tracking', 'fill', '7', long, '--out', path.join(dir, 'filled.csv')]],
  ])('perkpack %s: exit 2, the file, the line, the limit and the fix', async (_, args) => {
    const result = await perkpackHere(args, { PERKPACK_DATA_DIR: tempDir() })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      "perkpack: long-field.csv, line 2: a field is longer than 64 KiB, far more than any cell of a shipper's or the dashboard's export. Check that this is the CSV export itself; if it is, shorten that cell in a spreadsheet and save the file again.\n",
    )
  })

  it('the app: the dashboard import, the tracking preview and the dashboard fill', async () => {
    const deps = { cache: () => undefined, now: Date.now } as unknown as DashboardImportDeps
    await expect(new DashboardImportDesk(deps).preview(1, long)).rejects.toThrow(
      /^long-field\.csv, line 2: a field is longer than 64 KiB/,
    )
    const { app, campaignId } = await syncedApp(5)
    const contentBase64 = fs.readFileSync(long).toString('base64')
    const request = { campaignId, fileName: 'shipper.csv', contentBase64 }
    for (const channel of ['floor:trackingPreview', 'floor:fillDashboard'] as const) {
      const reply = await app.call(channel, request)
      expect(reply.ok ? 'read' : reply.error.message).toMatch(
        /^shipper\.csv, line 2: a field is longer than 64 KiB/,
      )
    }
  })
})

/** What csv-input-child.ts reports for `file` read as `mode` does. */
async function childRead(
  mode: 'cli' | 'app',
  file: string,
): Promise<{ message: string | null; grownMb: number }> {
  const child = spawn(process.execPath, childArgs(CHILD), {
    cwd: ROOT,
    env: { ...process.env, CSV_CHILD_MODE: mode, CSV_CHILD_FILE: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  await new Promise((resolve) => child.once('close', resolve))
  return JSON.parse(out) as { message: string | null; grownMb: number }
}

// The review's case: one 100 MB field took an import to 1.15 GB and a 450 MB file crashed it.
// Peak memory is the child's own (getrusage), less its peak before reading.
describe('peak memory of a refused file, in a process of its own', { timeout: 120_000 }, () => {
  let hundred: string
  let sixty: string
  beforeAll(() => {
    hundred = oneBigField('field-100mb.csv', 100)
    sixty = oneBigField('field-60mb.csv', 60)
  })

  it.each(['cli', 'app'] as const)(
    '%s: a 100 MB field is refused by its size, under 16 MB more',
    async (mode) => {
      const { message, grownMb } = await childRead(mode, hundred)
      expect(message).toBe(
        'field-100mb.csv is 101 MB; at most 64 MB are read. Choose the CSV export itself, not a folder or an archive.',
      )
      expect(grownMb).toBeLessThan(16)
    },
  )

  it.each(['cli', 'app'] as const)(
    '%s: a 60 MB field in a file within the size limit, under 16 MB more',
    async (mode) => {
      const { message, grownMb } = await childRead(mode, sixty)
      expect(message).toMatch(/^field-60mb\.csv, line 2: a field is longer than 64 KiB/)
      expect(grownMb).toBeLessThan(16)
    },
  )

  it('the measure sees a file that is read: 30 MB of fields within the limit raise the peak past 30 MB', async () => {
    const file = path.join(dir, 'many-fields.csv')
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `${i + 1},Unfulfilled,5,Perk,${field(1600)}\n`,
    )
    fs.writeFileSync(file, HEADER + rows.join(''))
    const { message, grownMb } = await childRead('cli', file)
    expect(message).toBeNull()
    expect(grownMb).toBeGreaterThan(30)
  })
})
