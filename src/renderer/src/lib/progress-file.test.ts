import { describe, expect, it } from 'vitest'
import { readPickedFile } from './progress-file'

describe('readPickedFile', () => {
  it('hands the bytes over as base64, unchanged (BOM and CRLF kept)', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0d, 0x0a])
    const picked = await readPickedFile(new File([bytes], 'dash.csv'))
    expect(picked).toEqual({ fileName: 'dash.csv', contentBase64: '77u/YSxiDQo=' })
  })

  it('refuses a file over the limit before reading it, saying what to choose', async () => {
    const file = new File(['x'], 'archive.zip')
    Object.defineProperty(file, 'size', { value: 65 * 2 ** 20 + 1 })
    await expect(readPickedFile(file)).rejects.toThrow(
      'archive.zip is 66 MB; at most 64 MB are read. Choose the CSV export itself',
    )
  })
})
