import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import path from 'node:path'
import { cleanupApps, makeApp, tempDir, wire } from '../helpers/app'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { PG_PASSWORD, startPostgres } from '../helpers/postgres-server'
import type { PostgresServer } from '../helpers/postgres-server'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// The team URL's password wherever it is written (before the host, or `password=` in the query
// string, as libpq reads it): used, and never in any output of the CLI (status, JSON, errors,
// --debug) or any answer of the app.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7003
const rows = makeContributions(3)
const orderId = String(rows[0]!.order.id)
const WRONG = 'Not-The-Team-Pw-7'
let server: PostgresServer
let url: string
let desk: string
const outputs: string[] = []

beforeAll(async () => {
  server = await startPostgres()
  url = await server.createDatabase('secrets')
}, 60_000)

// A desk of its own for each test: a pack queued by one is not sent by the next.
beforeEach(() => {
  desk = syncedDataDir('perkpack-team-secrets-', BASE_URL, CAMPAIGN, rows)
})

afterAll(async () => {
  server?.destroy()
  await cleanupApps()
  await cleanup()
})

async function cli(teamUrl: string | undefined, ...args: string[]) {
  const result = await perkpackHere(args, {
    PERKPACK_DATA_DIR: desk,
    PERKPACK_BASE_URL: BASE_URL,
    PERKPACK_TEAM_URL: teamUrl,
  })
  outputs.push(result.stdout, result.stderr)
  return result
}

describe('a password= in the team URL', () => {
  it('is the password the CLI connects with, and status shows the URL without it', async () => {
    const withQuery = `${url}?password=${PG_PASSWORD}`
    const init = await cli(withQuery, 'team', 'init')
    expect(init.code, init.stderr).toBe(0)
    expect(init.stdout).toContain(`The team store at ${url} moved from schema 0 to`)
    const packed = await cli(withQuery, 'pack', String(CAMPAIGN), orderId, '--station', 'Desk Q')
    expect(packed.code, packed.stderr).toBe(0)
    const status = await cli(withQuery, 'team', 'status')
    expect(status.stdout).toContain(`Team store: ${url} (connected)`)
    const json = await cli(withQuery, 'team', 'status', '--json')
    expect(JSON.parse(json.stdout)).toMatchObject({ connected: true, desks: ['Desk Q'] })
    for (const text of outputs) expect(text).not.toContain(PG_PASSWORD)
  })

  it('a wrong or unreachable one is named in no message, --debug included', async () => {
    const wrong = await cli(`${url}?sslmode=disable&password=${WRONG}`, 'team', 'status', '--debug')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('refused user "perkpack"')
    const away = `${url.replace(/:\d+\//, ':9/')}?password=${WRONG}`
    const queued = await cli(away, 'pack', String(CAMPAIGN), String(rows[2]!.order.id), '--debug')
    expect(queued.stdout).toContain('queued for the team store')
    const sync = await cli(away, 'team', 'sync', '--debug')
    expect(sync.code).toBe(1)
    expect(sync.stderr).toContain('cannot be reached')
    const status = await cli(away, 'team', 'status')
    expect(status.stdout).toContain('cannot be reached')
    for (const text of outputs) expect(text).not.toContain(WRONG)
  })

  it('a password with / ? # before the host is never echoed by "cannot be read"', async () => {
    const pieces = ['pw1Alpha', 'pw2Bravo', 'pw3Charlie', 'pw4Delta']
    for (const password of ['pw1Alpha/pw2Bravo', 'pw1Alpha?pw2Bravo#pw3Charlie', 'pw4Delta#x']) {
      const bad = url.replace('perkpack@', `perkpack:${password}@`)
      const status = await cli(bad, 'team', 'status', '--debug')
      expect(status.code).toBe(2)
      expect(status.stderr).toContain('The team URL cannot be read')
      const flag = await cli(undefined, 'pack', String(CAMPAIGN), orderId, '--team-url', bad)
      expect(flag.code).toBe(2)
    }
    for (const text of outputs) for (const piece of pieces) expect(text).not.toContain(piece)
  })

  it('Settings → Team refuses it, saying the keychain holds the password, and echoes nothing', async () => {
    const app = await makeApp()
    const reply = await app.call('team:configure', { url: `${url}?password=${WRONG}` })
    expect(reply.ok).toBe(false)
    const text = JSON.stringify(reply)
    expect(text).toContain(
      'Leave the password out of the team URL: type it in the Password field (it is kept in the keychain).',
    )
    expect(text).not.toContain(WRONG)
    expect(await app.value('team:setup')).toMatchObject({ url: null })
  })

  it('a settings.json edited by hand to hold one is not read, so no answer carries it', async () => {
    const dataDir = tempDir()
    fs.writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ teamUrl: `${url}?password=${WRONG}` }),
    )
    const app = await makeApp({ dataDir })
    expect(await app.value('team:setup')).toMatchObject({ url: null })
    expect(await app.value('team:status')).toBeNull()
    expect(wire.join('\n')).not.toContain(WRONG)
  })
})
