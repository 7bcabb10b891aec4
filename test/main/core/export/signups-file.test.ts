import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS, { ValueType } from 'exceljs'
import JSZip from 'jszip'
import { afterAll, describe, expect, it } from 'vitest'
import { writeSignupsFile } from '../../../../src/main/core/export/signups-file'
import type { Signup } from '../../../../src/shared/api/schemas'
import { cleanup, tempDir } from '../../../helpers/harness'

afterAll(cleanup)

// E-mails typed by strangers on a pre-launch page, a few of them hostile.
const SIGNUPS: Signup[] = [
  { email: 'ada@example.com', signup_time: '2026-01-13T09:21:57Z' },
  { email: '=HYPERLINK("http://evil.example","Win")', signup_time: '2026-01-14T10:00:00Z' },
  { email: '+1+cmd|" /C calc"!A0@x.com', signup_time: null },
  { email: '-2+3@example.com', signup_time: 'yesterday' },
  { email: '@SUM(A1)', signup_time: '2026-01-15T23:59:00Z' },
]
const campaign = { id: 7, title: 'Tidepool' }

describe('the sign-ups export', () => {
  it('CSV: every e-mail, formula-like ones quoted as the shipper CSV does, UTF-8 with a BOM', async () => {
    const out = path.join(tempDir('perkpack-signups-'), 'signups.csv')
    const result = await writeSignupsFile({
      signups: SIGNUPS,
      campaign,
      savedAt: '2026-02-01T00:00:00Z',
      format: 'csv',
      out,
    })
    expect(result).toEqual({ path: out, signups: 5 })
    const bytes = fs.readFileSync(out)
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const records = parse(bytes, { bom: true }) as string[][]
    expect(records).toEqual([
      ['email', 'signed_up'],
      ['ada@example.com', '2026-01-13T09:21:57Z'],
      [`'=HYPERLINK("http://evil.example","Win")`, '2026-01-14T10:00:00Z'],
      [`'+1+cmd|" /C calc"!A0@x.com`, ''],
      [`'-2+3@example.com`, 'yesterday'],
      [`'@SUM(A1)`, '2026-01-15T23:59:00Z'],
    ])
  })

  it('Excel: text cells as typed, the hidden apostrophe on formula-like ones, times as date cells', async () => {
    const out = path.join(tempDir('perkpack-signups-'), 'signups.xlsx')
    await writeSignupsFile({
      signups: SIGNUPS,
      campaign,
      savedAt: '2026-02-01T00:00:00Z',
      format: 'xlsx',
      out,
      timeZone: 'Europe/Berlin',
    })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    const sheet = book.getWorksheet('Sign-ups')!
    expect(sheet.getRow(1).values).toEqual([undefined, 'E-mail', 'Signed up (Europe/Berlin)'])
    const emails = SIGNUPS.map((_, i) => sheet.getCell(i + 2, 1))
    expect(emails.map((c) => c.value)).toEqual(SIGNUPS.map((s) => s.email))
    for (const cell of emails) expect(cell.type).toBe(ValueType.String)
    // 09:21 UTC is 10:21 in Berlin in January: the wall-clock time the cell shows.
    expect(sheet.getCell(2, 2).value).toEqual(new Date(Date.UTC(2026, 0, 13, 10, 21)))
    expect(sheet.getCell(5, 2).value).toBe('yesterday')

    const zip = await JSZip.loadAsync(fs.readFileSync(out))
    const styles = await zip.file('xl/styles.xml')!.async('string')
    const xfs = styles.slice(styles.indexOf('<cellXfs')).match(/<xf [^>]*>/g) ?? []
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string')
    const quoted = (ref: string) => {
      const style = new RegExp(`<c r="${ref}"(?: s="(\\d+)")?`).exec(xml)?.[1] ?? '0'
      return xfs[Number(style)]?.includes('quotePrefix="1"') ?? false
    }
    expect(['A2', 'A3', 'A4', 'A5', 'A6'].map(quoted)).toEqual([false, true, true, true, true])
    expect(xml).not.toContain('<f>')
  })
})
