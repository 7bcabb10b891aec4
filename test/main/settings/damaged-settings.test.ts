import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { cleanupApps, makeApp, tempDir } from '../../helpers/app'
import { perkpackHere } from '../../helpers/cli-in-process'

// A settings.json with a trailing comma used to read as the defaults without a word: a desk
// quietly left its team store and packed on its local record alone.

afterEach(cleanupApps)
afterAll(cleanupApps)

const DAMAGED =
  '{"stationName":"Desk H","teamUrl":"postgres://perkpack@127.0.0.1:54329/team","theme":"dark",}'

function damagedDesk(): string {
  const dataDir = tempDir()
  fs.writeFileSync(path.join(dataDir, 'settings.json'), DAMAGED)
  return dataDir
}

describe('a damaged settings.json', () => {
  it('perkpack says on stderr which file and how to fix it, and keeps its text aside', async () => {
    const dataDir = damagedDesk()
    const result = await perkpackHere(['team', 'status'], { PERKPACK_DATA_DIR: dataDir })
    const file = path.join(dataDir, 'settings.json')
    expect(result.stderr).toContain(`${file} cannot be read`)
    expect(result.stderr).toMatch(/default settings: a team store.*Fix the file/)
    expect(fs.readFileSync(`${file}.damaged`, 'utf8')).toBe(DAMAGED)
  })

  it('the app starts with the defaults and says so in the session status, after a save too', async () => {
    const dataDir = damagedDesk()
    const app = await makeApp({ dataDir })
    expect((await app.value('settings:get')).theme).toBe('system')
    await app.value('settings:update', { theme: 'light' })
    const info = await app.value('session:status')
    expect(info.settingsWarning).toContain(`${path.join(dataDir, 'settings.json')} cannot be read`)
    // The save replaced the file; what the person wrote is still there to copy back.
    expect(fs.readFileSync(path.join(dataDir, 'settings.json.damaged'), 'utf8')).toBe(DAMAGED)
  })
})
