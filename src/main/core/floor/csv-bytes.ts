import { CsvSyntaxError, csvRecords, detectDelimiter } from '../../../shared/csv/csv-text'
import type { CsvDelimiter, CsvRecord } from '../../../shared/csv/csv-text'
import { UsageError } from '../system/perkpack-errors'

/**
 * The bytes of a CSV file another program saved, as text and back. Spreadsheets save UTF-8 with
 * or without a byte order mark, "Unicode text" as UTF-16 with one, and older ones a single-byte
 * code page: that last is read as Latin-1, which gives every byte back exactly when written
 * again (the cells PerkPack writes are ASCII).
 */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1'

export interface DecodedCsv {
  text: string
  encoding: CsvEncoding
  /** Whether the file starts with a byte order mark (kept when written back). */
  bom: boolean
}

function swapPairs(bytes: Uint8Array): Buffer {
  const copy = Buffer.from(bytes)
  copy.swap16()
  return copy
}

/** UTF-16 without a mark: every other byte of an ASCII-heavy text is zero. */
function looksUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1
  if (n < 4) return null
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros += 1
    if (bytes[i + 1] === 0) oddZeros += 1
  }
  const pairs = n / 2
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le'
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be'
  return null
}

export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return {
      text: new TextDecoder('utf-8').decode(bytes.subarray(3)),
      encoding: 'utf-8',
      bom: true,
    }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return {
      text: Buffer.from(bytes.subarray(2)).toString('utf16le'),
      encoding: 'utf-16le',
      bom: true,
    }
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return {
      text: swapPairs(bytes.subarray(2)).toString('utf16le'),
      encoding: 'utf-16be',
      bom: true,
    }
  const wide = looksUtf16(bytes)
  if (wide === 'utf-16le')
    return { text: Buffer.from(bytes).toString('utf16le'), encoding: wide, bom: false }
  if (wide === 'utf-16be')
    return { text: swapPairs(bytes).toString('utf16le'), encoding: wide, bom: false }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      bom: false,
    }
  } catch {
    return { text: Buffer.from(bytes).toString('latin1'), encoding: 'latin1', bom: false }
  }
}

export function encodeCsv(decoded: DecodedCsv): Buffer {
  const { text, encoding, bom } = decoded
  if (encoding === 'utf-8') {
    const body = Buffer.from(text, 'utf8')
    return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body
  }
  if (encoding === 'latin1') return Buffer.from(text, 'latin1')
  const le = Buffer.from(text, 'utf16le')
  const body = encoding === 'utf-16le' ? le : swapPairs(le)
  if (!bom) return body
  return Buffer.concat([Buffer.from(encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]), body])
}

/**
 * A CSV file's bytes decoded and split into records, or a usage error naming the line of a
 * quote left open and what to do (`fix`): what every reader of another program's CSV starts with.
 */
export function readCsvRecords(
  bytes: Uint8Array,
  name: string,
  fix: string,
): { decoded: DecodedCsv; delimiter: CsvDelimiter; records: CsvRecord[] } {
  const decoded = decodeCsv(bytes)
  const delimiter = detectDelimiter(decoded.text)
  return { decoded, delimiter, records: [...csvRecordsOf(decoded.text, delimiter, name, fix)] }
}

/**
 * The records of a decoded file one at a time (csvRecords), with readCsvRecords' usage error
 * when the parser reaches a quote left open: for a reader that need not hold the whole file.
 */
export function* csvRecordsOf(
  text: string,
  delimiter: CsvDelimiter,
  name: string,
  fix: string,
): Generator<CsvRecord> {
  try {
    yield* csvRecords(text, delimiter)
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new UsageError(`${name}, line ${error.line}: ${error.message} ${fix}`)
    throw error
  }
}
