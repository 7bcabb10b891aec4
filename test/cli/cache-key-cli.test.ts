import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { simEnv, STACK_LINE } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'

// Issue 11 M2 on the command line: an offline copy the key cannot read says what to do, the
// sync it offers sets the file aside, and logout erases every copy.

afterAll(cleanup)

const KEY_A = 'a'.repeat(64)
const KEY_B = 'b'.repeat(64)

function cacheFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => name.startsWith('cache-'))
}

describe('perkpack: the offline copy and its key', () => {
  it('another key: a clear message, then sync moves the file aside and rebuilds', async () => {
    const sim = await startSim({ contributions: 25 })
    const dir = tempDir()
    const campaign = String(sim.campaignIds[0])
    const first = await perkpackHere(
      ['sync', campaign],
      simEnv(sim, dir, { PERKPACK_CACHE_KEY: KEY_A }),
    )
    expect(first.code, first.stderr).toBe(0)

    const env = simEnv(sim, dir, { PERKPACK_CACHE_KEY: KEY_B })
    const refused = await perkpackHere(['orders', campaign, '--json'], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      /^perkpack: The offline copy .*cache-.*\.sqlite cannot be read with this computer's key.*Sync the campaign again to rebuild it/,
    )
    expect(refused.stderr).not.toMatch(STACK_LINE)
    expect(refused.stderr).not.toContain(KEY_B)

    const resync = await perkpackHere(['sync', campaign], env)
    expect(resync.code, resync.stderr).toBe(0)
    expect(resync.stderr).toMatch(
      /could not be read with this computer's key; moved to .*-unreadable-/,
    )
    const orders = await perkpackHere(['orders', campaign, '--json'], env)
    expect(orders.code, orders.stderr).toBe(0)
    expect(JSON.parse(orders.stdout)).toHaveLength(25)
    expect(
      cacheFiles(dir).filter((name) => /-unreadable-\d{8}T\d{6}Z\.sqlite$/.test(name)),
    ).toHaveLength(1)
  })

  it('logout erases every offline copy in the data directory, set-aside ones too', async () => {
    const sim = await startSim({ contributions: 10 })
    const dir = tempDir()
    const env = simEnv(sim, dir)
    expect((await perkpackHere(['sync', String(sim.campaignIds[0])], env)).code).toBe(0)
    fs.writeFileSync(`${dir}/cache-old-host.sqlite`, 'x')
    fs.writeFileSync(`${dir}/cache-old-host-unreadable-20260101T000000Z.sqlite-wal`, 'x')
    expect(cacheFiles(dir).length).toBeGreaterThan(2)

    const result = await perkpackHere(['logout'], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/offline copies in .* erased/)
    expect(cacheFiles(dir)).toEqual([])
  })
})
