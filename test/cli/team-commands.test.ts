import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveSettings } from '../../src/main/core/session/profile'
import { KeychainSecretStore } from '../../src/main/core/session/secrets'
import { TEAM_SCHEMA_VERSION } from '../../src/main/core/team/team-schema'
import type { FloorStateJson } from '../../src/shared/floor/order-state'
import type { TeamStatusJson } from '../../src/shared/team/team-actions'
import { parseTeamUrl, teamPasswordAccount } from '../../src/shared/team/team-url'
import { STACK_LINE } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { PG_PASSWORD, startPostgres } from '../helpers/postgres-server'
import type { PostgresServer } from '../helpers/postgres-server'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// perkpack team, and pack / unpack / fulfillment with a team URL, against a real PostgreSQL.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7002
const rows = makeContributions(4)
// Captured, in fulfillment and fulfilled: statuses that ship (the pending one would need --force).
const [first, second, third] = rows
  .filter((row) => row.order.status !== 'pending')
  .map((row) => String(row.order.id))
const id = String(CAMPAIGN)
let server: PostgresServer
let teamUrl: string

const syncedDesk = () => syncedDataDir('perkpack-team-cli-', BASE_URL, CAMPAIGN, rows)

let deskA: string

beforeAll(async () => {
  server = await startPostgres()
  teamUrl = await server.createDatabase('cli')
  deskA = syncedDesk()
}, 60_000)

afterAll(async () => {
  server?.destroy()
  await cleanup()
})

async function at(dataDir: string, url: string | undefined, ...args: string[]) {
  const result = await perkpackHere(args, {
    PERKPACK_DATA_DIR: dataDir,
    PERKPACK_BASE_URL: BASE_URL,
    PERKPACK_TEAM_URL: url,
    PERKPACK_TEAM_PASSWORD: PG_PASSWORD,
  })
  expectNoPassword(result)
  return result
}

/** Every output of this file, the successful ones included, is checked as it comes. */
function expectNoPassword(result: { stdout: string; stderr: string }) {
  expect(result.stdout).not.toContain(PG_PASSWORD)
  expect(result.stderr).not.toContain(PG_PASSWORD)
}

/** A team store of its own, at the current schema, and two desks synced from the same rows. */
async function freshTeam(name: string) {
  const url = await server.createDatabase(`cli_${name}`)
  const deskA = syncedDesk()
  const init = await at(deskA, url, 'team', 'init')
  expect(init.code, init.stderr).toBe(0)
  return { url, deskA, deskB: syncedDesk(), unreachable: () => url.replace(/:\d+\//, ':9/') }
}

const unreachable = () => teamUrl.replace(/:\d+\//, ':9/')

describe('perkpack team', () => {
  it('init creates the schema once; a second init has nothing to do', async () => {
    const teamUrl = await server.createDatabase('cli_init')
    const before = await at(deskA, teamUrl, 'team', 'status', '--json')
    expect(JSON.parse(before.stdout)).toMatchObject({ connected: true, schema_version: 0 })
    const init = await at(deskA, teamUrl, 'team', 'init', '--station', 'Desk A')
    expect(init.code, init.stderr).toBe(0)
    expect(init.stdout).toContain(`moved from schema 0 to ${TEAM_SCHEMA_VERSION}`)
    const again = await at(deskA, teamUrl, 'team', 'init')
    expect(again.stdout).toContain(`is at schema ${TEAM_SCHEMA_VERSION}: nothing to do`)
    // Administrative commands register no desk (not the --station given, not this computer's
    // name): "desks seen" counts desks that packed or wrote.
    const after = await at(deskA, teamUrl, 'team', 'status', '--json')
    expect(JSON.parse(after.stdout)).toMatchObject({
      schema_version: TEAM_SCHEMA_VERSION,
      desks: [],
    })
  })

  it('pack: the second desk exits 4 naming the desk and time that won; fulfillment shows the team', async () => {
    const { url: teamUrl, deskA, deskB } = await freshTeam('pack')
    const won = await at(deskA, teamUrl, 'pack', id, first!, '--station', 'Desk A')
    expect(won.code, won.stderr).toBe(0)
    expect(won.stdout).toMatch(/^Packed order \d+ \(#1\) at Desk A, \d{4}-\d\d-\d\d \d\d:\d\d\n$/)
    const lost = await at(deskB, teamUrl, 'pack', id, first!, '--station', 'Desk B')
    expect(lost.code).toBe(4)
    expect(lost.stderr).toMatch(
      /was packed already at Desk A, \d{4}-\d\d-\d\d \d\d:\d\d: not packed again/,
    )
    expect(lost.stderr).not.toMatch(STACK_LINE)

    const listed = await at(deskB, teamUrl, 'fulfillment', id, '--json', '--station', 'Desk B')
    const states = JSON.parse(listed.stdout) as FloorStateJson[]
    expect(states.find((s) => String(s.order_id) === first)?.station).toBe('Desk A')
  })

  it('while the store is unreachable, pack exits 0 and says queued; team sync sends it, losers listed as conflicts', async () => {
    const { url: teamUrl, deskA, deskB, unreachable } = await freshTeam('queue')
    const queued = await at(deskB, unreachable(), 'pack', id, second!, '--station', 'Desk B')
    expect(queued.code, queued.stderr).toBe(0)
    expect(queued.stdout).toContain('queued for the team store')
    const offline = await at(
      deskB,
      unreachable(),
      'team',
      'status',
      '--json',
      '--station',
      'Desk B',
    )
    expect(JSON.parse(offline.stdout)).toEqual({
      connected: false,
      schema_version: null,
      outbox: 1,
      desks: [],
      conflicts: [],
      floor_plan: {
        pending: 0,
        sealed: true,
        unreadable: 0,
        refused: [],
        message: null,
      },
    })
    // Meanwhile desk A packs the same order on the team store, so B's queued pack loses.
    expect((await at(deskA, teamUrl, 'pack', id, second!, '--station', 'Desk A')).code).toBe(0)
    const sync = await at(deskB, teamUrl, 'team', 'sync', '--station', 'Desk B')
    expect(sync.code, sync.stderr).toBe(0)
    expect(sync.stdout).toContain('Sent 1 queued action (1 lost to another desk')

    const status = await at(deskB, teamUrl, 'team', 'status', '--json', '--station', 'Desk B')
    const json = JSON.parse(status.stdout) as TeamStatusJson
    expect(Object.keys(json)).toEqual([
      'connected',
      'schema_version',
      'outbox',
      'desks',
      'conflicts',
      'floor_plan',
    ])
    expect(json).toMatchObject({ connected: true, schema_version: TEAM_SCHEMA_VERSION, outbox: 0 })
    expect(json.desks).toContain('Desk A')
    expect(json.conflicts).toEqual([
      {
        order_id: Number(second),
        action: 'pack',
        station: 'Desk B',
        other_station: 'Desk A',
        at: expect.any(String),
      },
    ])
    const text = await at(deskB, teamUrl, 'team', 'status')
    expect(text.stdout).toContain(`order ${second}: pack at Desk B`)
    expect(text.stdout).toContain('Desk A had it first')
    const settled = await at(deskB, teamUrl, 'team', 'settle', id, second!)
    expect(settled.stdout).toContain('Settled 1 conflict')
    expect(
      JSON.parse((await at(deskB, teamUrl, 'team', 'status', '--json')).stdout).conflicts,
    ).toEqual([])
  })

  it('logout keeps a desk whose queued packs cannot reach the store, unless --force', async () => {
    const desk = syncedDesk()
    const queued = await at(desk, unreachable(), 'pack', id, third!, '--station', 'Desk Q')
    expect(queued.stdout).toContain('queued for the team store')
    const refused = await at(desk, unreachable(), 'logout')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Not signed out: 1 queued team action (1 pack)')
    expect(refused.stderr).toContain('`perkpack team sync`')
    const status = await at(desk, unreachable(), 'team', 'status', '--json')
    expect(JSON.parse(status.stdout)).toMatchObject({ outbox: 1 })
    const forced = await at(desk, unreachable(), 'logout', '--force')
    expect(forced.code, forced.stderr).toBe(0)
    expect(forced.stdout).toContain('Signed out')
  })

  it('unpack on the team store takes back the pack this desk saw', async () => {
    const { url: teamUrl, deskA, deskB } = await freshTeam('unpack')
    const packed = await at(deskA, teamUrl, 'pack', id, third!, '--station', 'Desk A')
    expect(packed.code).toBe(0)
    const unpacked = await at(deskB, teamUrl, 'unpack', id, third!, '--station', 'Desk B')
    expect(unpacked.code, unpacked.stderr).toBe(0)
    expect(unpacked.stdout).toContain('is no longer packed (was packed at Desk A')
    expect((await at(deskB, teamUrl, 'pack', id, third!, '--station', 'Desk B')).code).toBe(0)
  })

  it('bad URLs and a wrong password get a clear message, exit 2 or 1, and never the password', async () => {
    const plainRemote = `postgres://perkpack:${PG_PASSWORD}@db.example.com/perkpack?sslmode=disable`
    const tls = await at(deskA, plainRemote, 'team', 'status')
    expect(tls.code).toBe(2)
    expect(tls.stderr).toContain('needs TLS')
    const flag = await at(
      deskA,
      undefined,
      'pack',
      id,
      first!,
      '--team-url',
      `mysql://u:${PG_PASSWORD}@h/db`,
    )
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain('must start with postgres://')

    const wrong = await perkpackHere(['team', 'status'], {
      PERKPACK_DATA_DIR: deskA,
      PERKPACK_BASE_URL: BASE_URL,
      PERKPACK_TEAM_URL: teamUrl.replace('perkpack@', `perkpack:not-${PG_PASSWORD}@`),
    })
    expectNoPassword(wrong)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('refused user "perkpack"')
    // Where a CLI user fixes it: the variable or the URL given, not the app's fields.
    expect(wrong.stderr).toContain('PERKPACK_TEAM_PASSWORD, or the password in --team-url')
    expect(wrong.stderr).not.toContain('Password field')
    expect(wrong.stderr).not.toMatch(STACK_LINE)
    const none = await at(deskA, undefined, 'team', 'status')
    expect(none.stderr).toContain('No team store given')
  })
})

describe('perkpack on a desk whose app is set to a team store', () => {
  it('without --team-url, packs on the store Settings → Team names, with the password the app keeps in the keychain', async () => {
    const url = await server.createDatabase('cli_settings')
    expect((await at(deskA, url, 'team', 'init')).code).toBe(0)
    const desk = syncedDesk()
    // What the app's Settings → Team keeps: the URL in settings.json, the password in the keychain.
    saveSettings(desk, { teamUrl: url })
    const account = teamPasswordAccount(parseTeamUrl(url))
    const keychain = new KeychainSecretStore()
    await keychain.set(account, PG_PASSWORD)
    try {
      const packed = await perkpackHere(['pack', id, first!, '--station', 'Desk C'], {
        PERKPACK_DATA_DIR: desk,
        PERKPACK_BASE_URL: BASE_URL,
        PERKPACK_SECRET_STORE: undefined,
      })
      expectNoPassword(packed)
      expect(packed.code, packed.stderr).toBe(0)
      const other = await at(syncedDesk(), url, 'pack', id, first!, '--station', 'Desk B')
      expect(other.code).toBe(4)
      expect(other.stderr).toMatch(/packed already at Desk C/)
    } finally {
      await keychain.delete(account)
    }
  })
})
