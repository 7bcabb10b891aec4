import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheKeyAccount, cacheKeyFor } from '../../../../src/main/core/cache'
import { MemorySecretStore } from '../../../../src/main/core/session/secrets'
import { cleanup, tempDir } from '../../../helpers/harness'

afterEach(cleanup)

const PROFILE = 'new-profile'
/** As docs/security.md names it. */
const LOCK_NAME = '.cache-key-new-profile.lock'

/** A keychain whose answer arrives a while after it was read, as the OS one's does over D-Bus. */
class SlowSecretStore extends MemorySecretStore {
  override async get(account: string): Promise<string | null> {
    const value = await super.get(account)
    await new Promise((resolve) => setTimeout(resolve, 30))
    return value
  }
}

describe('the cache key of a brand-new profile', () => {
  it('is one key when the app and perkpack make it at the same moment', async () => {
    const dataDir = tempDir()
    const store = new SlowSecretStore()
    const keys = await Promise.all([
      cacheKeyFor(store, PROFILE, {}, dataDir),
      cacheKeyFor(store, PROFILE, {}, dataDir),
      cacheKeyFor(store, PROFILE, {}, dataDir),
    ])
    expect(new Set(keys).size).toBe(1)
    expect(await store.get(cacheKeyAccount(PROFILE))).toBe(keys[0])
    // The lock is gone once the key is made.
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  it('takes over a lock whose holder died, or that no holder ever signed', async () => {
    const dataDir = tempDir()
    const lock = path.join(dataDir, LOCK_NAME)
    // A process that has exited: its id is free.
    fs.writeFileSync(lock, `${spawnSync(process.execPath, ['-e', '']).pid} 0123abcd`)
    const started = Date.now()
    expect(await cacheKeyFor(new MemorySecretStore(), PROFILE, {}, dataDir)).toMatch(
      /^[0-9a-f]{64}$/,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(fs.existsSync(lock)).toBe(false)

    fs.writeFileSync(lock, '')
    const old = new Date(Date.now() - 60_000)
    fs.utimesSync(lock, old, old)
    expect(await cacheKeyFor(new MemorySecretStore(), PROFILE, {}, dataDir)).toMatch(
      /^[0-9a-f]{64}$/,
    )
    expect(fs.existsSync(lock)).toBe(false)
  })

  it('waits for a live holder however long it takes (a keychain prompt left open)', async () => {
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const lock = path.join(dataDir, LOCK_NAME)
    fs.writeFileSync(lock, `${process.pid} 0123abcd`)
    const old = new Date(Date.now() - 60_000)
    fs.utimesSync(lock, old, old)
    const holderKey = 'd4'.repeat(32)
    setTimeout(() => {
      void store.set(cacheKeyAccount(PROFILE), holderKey).then(() => fs.rmSync(lock))
    }, 150)
    expect(await cacheKeyFor(store, PROFILE, {}, dataDir)).toBe(holderKey)
  })

  it('waits for a live lock, then uses the key its holder saved', async () => {
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const lock = path.join(dataDir, LOCK_NAME)
    fs.writeFileSync(lock, '')
    const holderKey = 'c3'.repeat(32)
    setTimeout(() => {
      void store.set(cacheKeyAccount(PROFILE), holderKey).then(() => fs.rmSync(lock))
    }, 100)
    expect(await cacheKeyFor(store, PROFILE, {}, dataDir)).toBe(holderKey)
  })
})
