import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { detectDelimiter } from '../../../shared/csv/csv-text'
import {
  csvFieldTooLongText,
  csvFileTooLargeText,
  MAX_CSV_FIELD_BYTES,
  MAX_CSV_FILE_BYTES,
} from '../../../shared/csv/input-limits'
import { UsageError } from '../system/perkpack-errors'
import { decodeCsv } from './csv-bytes'

/**
 * A CSV file a person gave (a dashboard export, a shipper's tracking file) read within the
 * limits of shared/csv/input-limits.ts: the size before anything is read, each field's length
 * while the bytes come in, so a wrong file is refused having cost one chunk, not its size. The
 * readers that parse the file afterwards (csv-text.ts and the dialects built on it) are left as
 * they are: this only decides whether they get the bytes.
 */

const CHUNK_BYTES = 2 ** 20
const QUOTE = 0x22
const LF = 0x0a
const CR = 0x0d

/**
 * Field boundaries as csv-text.ts's parser finds them, in the raw bytes: a quote opens a quoted
 * field only at its start, `""` inside one is a quote, and the delimiter and line breaks end a
 * field outside quotes. UTF-16 files are read a code unit at a time; in UTF-8 and single-byte
 * code pages these ASCII characters are never part of another character.
 */
class FieldLengths {
  private readonly width: 1 | 2
  private readonly bigEndian: boolean
  private readonly delimiter: number
  /** Bytes seen so far; where the current field starts, and on which line. */
  private at = 0
  private fieldStart = 0
  private fieldLine = 1
  private line = 1
  private atFieldStart = true
  private quoted = false
  /** A quote seen inside a quoted field: it closes the field unless another follows. */
  private quotePending = false
  private afterCr = false
  /** The first byte of a UTF-16 code unit split across two chunks. */
  private carry: number | null = null

  constructor(
    first: Uint8Array,
    private readonly name: string,
  ) {
    // The encoding and the delimiter as the parser will see them (from the file's start).
    const sample = decodeCsv(first.subarray(0, 64 * 1024))
    this.width = sample.encoding === 'utf-16le' || sample.encoding === 'utf-16be' ? 2 : 1
    this.bigEndian = sample.encoding === 'utf-16be'
    this.delimiter = detectDelimiter(sample.text).charCodeAt(0)
  }

  /** The next bytes of the file; a UsageError as soon as a field is over the limit. */
  feed(bytes: Uint8Array): void {
    let i = 0
    if (this.carry !== null && bytes.length > 0) {
      this.unit(this.pair(this.carry, bytes[0]!))
      this.carry = null
      i = 1
    }
    if (this.width === 1) for (; i < bytes.length; i++) this.unit(bytes[i]!)
    else {
      for (; i + 1 < bytes.length; i += 2) this.unit(this.pair(bytes[i]!, bytes[i + 1]!))
      if (i < bytes.length) this.carry = bytes[i]!
    }
    this.check(this.at)
  }

  private pair(first: number, second: number): number {
    return this.bigEndian ? (first << 8) | second : first | (second << 8)
  }

  private unit(code: number): void {
    this.at += this.width
    const lineBreak = code === LF || code === CR
    if (lineBreak && (code === CR || !this.afterCr)) this.line += 1
    this.afterCr = code === CR
    if (this.quoted) {
      if (!this.quotePending) {
        this.quotePending = code === QUOTE
        return
      }
      this.quotePending = false
      if (code === QUOTE) return
      this.quoted = false
    }
    if (code === this.delimiter || lineBreak) {
      this.check(this.at - this.width)
      this.fieldStart = this.at
      this.fieldLine = this.line
      this.atFieldStart = true
      return
    }
    if (code === QUOTE && this.atFieldStart) this.quoted = true
    this.atFieldStart = false
  }

  /** The field under way, up to `end`, is within the limit; else the file is refused. */
  private check(end: number): void {
    if (end - this.fieldStart > MAX_CSV_FIELD_BYTES)
      throw new UsageError(csvFieldTooLongText(this.name, this.fieldLine))
  }
}

function refuseSize(name: string, bytes: number): void {
  if (bytes > MAX_CSV_FILE_BYTES) throw new UsageError(csvFileTooLargeText(name, bytes))
}

/** Bytes already in memory (a file the window read and sent): refused as the readers refuse. */
export function checkCsvInput(bytes: Uint8Array, name: string): void {
  refuseSize(name, bytes.length)
  new FieldLengths(bytes, name).feed(bytes)
}

/**
 * One file read into one buffer a chunk at a time, each chunk checked before the next is read.
 * The buffer has the size the file's directory entry gives (a pipe: the limit and a byte) and
 * is not filled in advance, so memory is touched only as far as the file is read.
 */
class Intake {
  private readonly bytes: Buffer
  private fields: FieldLengths | null = null
  at = 0

  constructor(
    private readonly name: string,
    stat: { size: number; isFile(): boolean },
  ) {
    if (stat.isFile()) refuseSize(name, stat.size)
    this.bytes = Buffer.allocUnsafe(stat.isFile() ? stat.size : MAX_CSV_FILE_BYTES + 1)
  }

  /** Where the next chunk goes; null once the buffer is full. */
  room(): Buffer | null {
    if (this.at >= this.bytes.length) return null
    return this.bytes.subarray(this.at, Math.min(this.bytes.length, this.at + CHUNK_BYTES))
  }

  /** `got` bytes were read into room(); false at the end of the file. */
  took(got: number): boolean {
    if (got === 0) return false
    this.fields ??= new FieldLengths(this.bytes.subarray(0, got), this.name)
    this.fields.feed(this.bytes.subarray(this.at, this.at + got))
    this.at += got
    refuseSize(this.name, this.at)
    return true
  }

  whole(): Buffer {
    return this.bytes.subarray(0, this.at)
  }
}

/** The CSV file at `path`, within the limits (UsageError naming `name`, the limit and the fix). */
export function readCsvInput(path: string, name: string): Buffer {
  const fd = openSync(path, 'r')
  try {
    const intake = new Intake(name, fstatSync(fd))
    for (let room = intake.room(); room !== null; room = intake.room())
      if (!intake.took(readSync(fd, room, 0, room.length, null))) break
    return intake.whole()
  } finally {
    closeSync(fd)
  }
}

/** readCsvInput without blocking: the app's main process reads files this way. */
export async function readCsvInputAsync(path: string, name: string): Promise<Buffer> {
  const file = await open(path, 'r')
  try {
    const intake = new Intake(name, await file.stat())
    for (let room = intake.room(); room !== null; room = intake.room())
      if (!intake.took((await file.read(room, 0, room.length, null)).bytesRead)) break
    return intake.whole()
  } finally {
    await file.close()
  }
}
