import { inflateSync } from 'node:zlib'

/**
 * A WOFF file unpacked to the plain font (sfnt) it wraps, once. fontkit reads WOFF tables by
 * inflating them again at every access, the glyph table at every glyph: measuring and subsetting
 * slips spent most of their time there. Anything that is not WOFF is returned as it is.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') return woff
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = []
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20
    const offset = woff.readUInt32BE(entry + 4)
    const compLength = woff.readUInt32BE(entry + 8)
    const origLength = woff.readUInt32BE(entry + 12)
    const stored = woff.subarray(offset, offset + compLength)
    tables.push({
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    })
  }
  const headerLength = 12 + 16 * numTables
  const padded = (length: number) => (length + 3) & ~3
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength)
  const out = Buffer.alloc(size)
  let power = 1
  while (power * 2 <= numTables) power *= 2
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(numTables, 4)
  out.writeUInt16BE(power * 16, 6)
  out.writeUInt16BE(Math.log2(power), 8)
  out.writeUInt16BE(numTables * 16 - power * 16, 10)
  let at = headerLength
  tables.forEach((table, i) => {
    const entry = 12 + i * 16
    out.writeUInt32BE(table.tag, entry)
    out.writeUInt32BE(table.checksum, entry + 4)
    out.writeUInt32BE(at, entry + 8)
    out.writeUInt32BE(table.data.length, entry + 12)
    table.data.copy(out, at)
    at += padded(table.data.length)
  })
  return out
}
