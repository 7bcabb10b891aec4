import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cacheProfile } from '../../src/main/core/session/profile'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'

afterAll(cleanup)

describe('perkpack logout', () => {
  it("forgets the host's campaign names with its offline copy, and keeps another host's", async () => {
    const dir = tempDir('perkpack-logout-names-')
    const baseUrl = 'http://127.0.0.1:9/v2'
    const names = path.join(dir, 'campaign-names.json')
    fs.writeFileSync(
      names,
      JSON.stringify({
        [cacheProfile(baseUrl)]: { '12': { name: 'Spring run, Gartenstraße 4' } },
        'other.example.test': { '12': { name: 'Another team' } },
      }),
    )
    const result = await perkpackHere(['logout'], {
      PERKPACK_DATA_DIR: dir,
      PERKPACK_BASE_URL: baseUrl,
      PERKPACK_SECRET_STORE: 'memory',
    })
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(fs.readFileSync(names, 'utf8'))).toEqual({
      'other.example.test': { '12': { name: 'Another team' } },
    })
  })
})
