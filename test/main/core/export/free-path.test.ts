import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePath } from '../../../../src/main/core/export/free-path'
import { cleanup, tempDir } from '../../../helpers/harness'

afterAll(cleanup)

describe('a free name for an export', () => {
  it('keeps the name while it is free, then numbers it', () => {
    const dir = tempDir('perkpack-free-')
    expect(freePath(dir, 'list.xlsx')).toBe(path.join(dir, 'list.xlsx'))
    fs.writeFileSync(path.join(dir, 'list.xlsx'), 'yesterday')
    expect(freePath(dir, 'list.xlsx')).toBe(path.join(dir, 'list-2.xlsx'))
    fs.writeFileSync(path.join(dir, 'list-2.xlsx'), 'this morning')
    expect(freePath(dir, 'list.xlsx')).toBe(path.join(dir, 'list-3.xlsx'))
  })

  it('counts a name taken when a file written beside it is there', () => {
    const dir = tempDir('perkpack-free-')
    const batches = (p: string) => [p.replace(/\.pdf$/, '-001-of-002.pdf')]
    fs.writeFileSync(path.join(dir, 'slips-001-of-002.pdf'), '%PDF')
    expect(freePath(dir, 'slips.pdf', batches)).toBe(path.join(dir, 'slips-2.pdf'))
  })
})
