import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeExportFile } from '../../../../src/main/core/export/excel-files'
import { cleanup, tempDir } from '../../../helpers/harness'

afterEach(cleanup)

describe('writeExportFile', () => {
  it('replaces an older file with the bytes and leaves no temporary file beside it', async () => {
    const dir = tempDir()
    const target = path.join(dir, 'filled.csv')
    fs.writeFileSync(target, 'older export')
    await writeExportFile(target, Buffer.from('order,tracking\n12,1Z999\n'))
    expect(fs.readFileSync(target, 'utf8')).toBe('order,tracking\n12,1Z999\n')
    expect(fs.readdirSync(dir)).toEqual(['filled.csv'])
  })

  it('names the missing folder and the fix instead of an ENOENT', async () => {
    const target = path.join(tempDir(), 'gone', 'filled.csv')
    await expect(writeExportFile(target, Buffer.from('x'))).rejects.toMatchObject({
      code: 'export_no_folder',
      message: expect.stringContaining(`the folder ${path.dirname(target)} does not exist`),
    })
  })

  it('leaves nothing under the name when the write fails after the file was opened', async () => {
    const dir = tempDir()
    const target = path.join(dir, 'filled.csv')
    // A number is not bytes: the stream refuses it after the temporary file was opened.
    await expect(writeExportFile(target, 42 as unknown as Uint8Array)).rejects.toThrow()
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
