import { describe, expect, it } from 'vitest'
import { csvRecords, parseCsv } from '../../../src/shared/csv/csv-text'

const values = (record: { fields: { value: string }[] } | undefined) =>
  record?.fields.map((field) => field.value)

describe('reading CSV records one at a time', () => {
  it('gives each record before the parser has read a later malformed one', () => {
    const records = csvRecords('a,b\r\n1,"two\nlines"\r\n\r\n3,"never closed\n4,5\n', ',')
    expect(values(records.next().value)).toEqual(['a', 'b'])
    const second = records.next().value
    expect(values(second)).toEqual(['1', 'two\nlines'])
    expect(second?.line).toBe(2)
    // The blank line is skipped; the open quote is an error only when the parser gets there.
    expect(() => records.next()).toThrow(
      expect.objectContaining({
        name: 'CsvSyntaxError',
        line: 5,
        message: 'A quoted field opened on line 5 is never closed.',
      }),
    )
  })

  it('reads the records parseCsv reads, fields where they are in the text', () => {
    const text = 'x;"y ""q"""\n\n2;3\r4; 5 '
    expect([...csvRecords(text, ';')]).toEqual(parseCsv(text, ';'))
    expect(parseCsv(text, ';').map((r) => [r.line, values(r)])).toEqual([
      [1, ['x', 'y "q"']],
      [3, ['2', '3']],
      [4, ['4', ' 5 ']],
    ])
    expect(parseCsv(text, ';')[0]!.fields[1]).toMatchObject({ start: 2, end: 11, quoted: true })
  })
})
