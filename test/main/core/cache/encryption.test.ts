import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CacheError,
  cacheFilePath,
  cacheKeyAccount,
  cacheKeyFor,
  openCache,
  setAsideUnreadableCache,
} from '../../../../src/main/core/cache'
import { MemorySecretStore } from '../../../../src/main/core/session/secrets'
import { redact } from '../../../../src/main/core/system/redact'
import { asReceived } from '../../../helpers/model'
import { cleanup, tempDir } from '../../../helpers/harness'
import { makeContributions } from '../../fixtures/contributions'

// Issue 11 M2: backers' personal data encrypted at rest in the offline cache.

const PROFILE = 'at-rest'
const CAMPAIGN = 4242
const KEY = 'a1'.repeat(32)
const OTHER_KEY = 'b2'.repeat(32)
const ROWS = makeContributions(40)
/** Values of the fixture rows that must never be readable in the file. */
const PERSONAL = ['Backer Number 7', 'Backer.7@Example.test', ROWS[7]?.order.shipping?.address]

afterEach(cleanup)

function syncInto(dataDir: string, key?: string): void {
  const cache = openCache({ dataDir, profile: PROFILE, ...(key ? { key } : {}) })
  const writer = cache.beginSnapshot(CAMPAIGN)
  writer.add(asReceived(ROWS))
  writer.commit({ expectedCount: ROWS.length, privileged: true })
  cache.close()
}

/** Every file of the directory, raw bytes, as latin1 text to search in. */
function rawText(dataDir: string): string {
  return fs
    .readdirSync(dataDir)
    .map((name) => fs.readFileSync(path.join(dataDir, name)).toString('latin1'))
    .join('\n')
}

function failure(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

describe('offline cache encrypted at rest', () => {
  it('keeps no backer name, e-mail or street readable in the file or its WAL', () => {
    const dataDir = tempDir()
    const cache = openCache({ dataDir, profile: PROFILE, key: KEY })
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(ROWS))
    writer.commit({ expectedCount: ROWS.length, privileged: true })
    // A write after the commit's checkpoint: frames in the WAL, still open, not checkpointed.
    cache.putDocument('note', 'n', { about: ROWS[7]?.contributor_name })
    const wal = `${cache.path}-wal`
    expect(fs.statSync(wal).size).toBeGreaterThan(0)
    const text = rawText(dataDir)
    for (const value of PERSONAL) expect(text).not.toContain(value)
    expect(text).not.toContain('SQLite format 3')
    expect(cache.contributions(CAMPAIGN)).toHaveLength(ROWS.length)
    cache.close()
  })

  it('encrypts a plaintext cache of the previous version on its first open, rows kept', () => {
    const dataDir = tempDir()
    syncInto(dataDir)
    const file = cacheFilePath(dataDir, PROFILE)
    expect(rawText(dataDir)).toContain('Backer.7@Example.test')

    const cache = openCache({ dataDir, profile: PROFILE, key: KEY })
    expect(cache.contributions(CAMPAIGN).map((row) => row.id)).toHaveLength(ROWS.length)
    expect(cache.campaign(CAMPAIGN)).toMatchObject({ count: ROWS.length, privileged: true })
    cache.close()
    expect(fs.readFileSync(file).subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3')
    for (const value of PERSONAL) expect(rawText(dataDir)).not.toContain(value)
    // And it opens again with the key, as an encrypted file now.
    const again = openCache({ dataDir, profile: PROFILE, key: KEY })
    expect(again.contributionCount(CAMPAIGN)).toBe(ROWS.length)
    again.close()
  })

  it('a wrong key gives a clear message offering a sync, and changes nothing', () => {
    const dataDir = tempDir()
    syncInto(dataDir, KEY)
    const file = cacheFilePath(dataDir, PROFILE)
    const before = fs.readFileSync(file)
    const error = failure(() => openCache({ dataDir, profile: PROFILE, key: OTHER_KEY }))
    expect(error).toBeInstanceOf(CacheError)
    expect(error).toMatchObject({ code: 'cache_key_mismatch' })
    expect((error as Error).message).toMatch(/cannot be read with this computer's key/)
    expect((error as Error).message).toMatch(/Sync the campaign again to rebuild it/)
    expect((error as Error).message).not.toContain(OTHER_KEY)
    expect(fs.readFileSync(file).equals(before)).toBe(true)
  })

  it('a missing key (keychain reset) gets a new key, the same message, then a fresh start', async () => {
    const dataDir = tempDir()
    const first = new MemorySecretStore()
    syncInto(dataDir, await cacheKeyFor(first, PROFILE))
    const reset = new MemorySecretStore()
    const newKey = await cacheKeyFor(reset, PROFILE)
    expect(() => openCache({ dataDir, profile: PROFILE, key: newKey })).toThrow(
      expect.objectContaining({ code: 'cache_key_mismatch' }),
    )

    const aside = setAsideUnreadableCache(dataDir, PROFILE, new Date('2026-01-02T03:04:05.678Z'))
    expect(path.basename(aside)).toBe(`cache-${PROFILE}-unreadable-20260102T030405Z.sqlite`)
    expect(fs.existsSync(aside)).toBe(true)
    const fresh = openCache({ dataDir, profile: PROFILE, key: newKey })
    expect(fresh.campaigns()).toEqual([])
    fresh.close()
  })

  it('keeps one random 256-bit key per profile in the secret store', async () => {
    const store = new MemorySecretStore()
    const key = await cacheKeyFor(store, PROFILE)
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(await store.get(cacheKeyAccount(PROFILE))).toBe(key)
    expect(await cacheKeyFor(store, PROFILE)).toBe(key)
    expect(await cacheKeyFor(store, 'another-host')).not.toBe(key)
    expect(await cacheKeyFor(store, PROFILE, { PERKPACK_CACHE_KEY: OTHER_KEY })).toBe(OTHER_KEY)
    await expect(cacheKeyFor(store, PROFILE, { PERKPACK_CACHE_KEY: 'short' })).rejects.toThrow(
      /PERKPACK_CACHE_KEY must be 64 hex digits/,
    )
  })
})

describe('the cache key in messages', () => {
  it('is masked like a token wherever a message or log line would quote it', async () => {
    const key = await cacheKeyFor(new MemorySecretStore(), 'masked-profile')
    expect(redact(`PRAGMA key = "x'${key}'" failed`)).not.toContain(key)
    const fromEnv = 'ab'.repeat(32)
    await cacheKeyFor(new MemorySecretStore(), 'env-profile', { PERKPACK_CACHE_KEY: fromEnv })
    expect(redact(`key ${fromEnv}`)).not.toContain(fromEnv)
  })
})
