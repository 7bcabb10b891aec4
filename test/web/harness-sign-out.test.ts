import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startHarness } from '../../src/web/server'
import type { Harness } from '../../src/web/server'
import { cleanup, startSim, tempDir } from '../helpers/harness'

// Issue 11 M2: sign-out in the harness also deletes the exports folder it saved packing lists
// and labels into, when that folder is its own (`<data dir>/exports`), never a user's folder.

const harnesses: Harness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()))
  await cleanup()
})

async function signedOutWith(env: Record<string, string>): Promise<void> {
  const sim = await startSim({ contributions: 5 })
  const harness = await startHarness({
    port: 0,
    env: {
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
      PERKPACK_SECRET_STORE: 'memory',
      ...env,
    },
    log: () => undefined,
  })
  harnesses.push(harness)
  await harness.services.signIn.signIn({
    apiToken: sim.credentials.apiToken,
    email: sim.credentials.email,
    password: sim.credentials.password,
  })
  await harness.services.signIn.signOut()
}

describe('web harness sign-out', () => {
  it('deletes its own exports folder, and leaves a folder named in PERKPACK_EXPORT_DIR alone', async () => {
    const dataDir = tempDir()
    const exports = path.join(dataDir, 'exports')
    fs.mkdirSync(exports)
    fs.writeFileSync(path.join(exports, 'packing-list.xlsx'), 'backer names')
    await signedOutWith({ PERKPACK_DATA_DIR: dataDir })
    expect(fs.existsSync(exports)).toBe(false)

    const mine = tempDir()
    fs.writeFileSync(path.join(mine, 'keep.xlsx'), 'mine')
    await signedOutWith({ PERKPACK_DATA_DIR: tempDir(), PERKPACK_EXPORT_DIR: mine })
    expect(fs.readdirSync(mine)).toEqual(['keep.xlsx'])
  })
})
