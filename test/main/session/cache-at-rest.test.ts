import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppServices } from '../../../src/main/app-services'
import { cacheKeyAccount, openCache } from '../../../src/main/core/cache'
import { cacheProfile } from '../../../src/main/core/session/profile'
import { KeychainSecretStore, MemorySecretStore } from '../../../src/main/core/session/secrets'
import { cleanupApps, makeApp, rowsOf, signIn, startSim, tempDir } from '../../helpers/app'

// Issue 11 M2 through the app: the offline copy a sync leaves is encrypted with a key kept in
// the secret store, a lost key offers a re-sync, and sign-out erases the key, then the files.

afterEach(cleanupApps)

/** Backers' e-mails, names and streets as the simulator served them. */
function personalValues(sim: Awaited<ReturnType<typeof startSim>>, campaignId: number): string[] {
  return rowsOf(sim, campaignId)
    .flatMap((row) => [row.email, row.contributor_name, row.order.shipping?.address])
    .filter((value): value is string => typeof value === 'string' && value.length > 3)
}

function filesIn(dataDir: string): string[] {
  return fs.readdirSync(dataDir).filter((name) => fs.statSync(path.join(dataDir, name)).isFile())
}

describe('offline copy at rest (app)', () => {
  it('after a sync no backer e-mail, name or street is in any file of the data directory', async () => {
    const sim = await startSim({ contributions: 80 })
    const dataDir = tempDir()
    const app = await makeApp({ sim, dataDir })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('sync:run', { campaignId })
    // Not closed, not checkpointed: the WAL is there as a running app leaves it.
    const wal = filesIn(dataDir).filter((name) => name.endsWith('.sqlite-wal'))
    expect(wal).toHaveLength(1)
    expect(fs.statSync(path.join(dataDir, wal[0] as string)).size).toBeGreaterThan(0)
    const values = personalValues(sim, campaignId)
    expect(values.length).toBeGreaterThan(50)
    const raw = filesIn(dataDir)
      .map((name) => fs.readFileSync(path.join(dataDir, name)).toString('latin1'))
      .join('\n')
    expect(values.filter((value) => raw.includes(value))).toEqual([])
  })

  it('a key lost from the keychain: a clear message, then a sync sets the file aside and rebuilds', async () => {
    const sim = await startSim({ contributions: 30 })
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const first = await makeApp({ sim, dataDir, store })
    await signIn(first, sim)
    const campaignId = sim.campaignIds[0] as number
    await first.value('sync:run', { campaignId })
    await first.services.dispose()
    await store.delete(cacheKeyAccount(cacheProfile(sim.baseUrl)))

    const app = await makeApp({ sim, dataDir, store })
    const orders = await app.call('orders:query', { campaignId, filter: {} })
    expect(orders).toMatchObject({ ok: false, error: { code: 'cache_key_mismatch' } })
    expect(!orders.ok && orders.error.message).toMatch(
      /cannot be read with this computer's key.*Sync the campaign again/,
    )
    const synced = await app.value('sync:run', { campaignId })
    expect(synced).toMatchObject({ count: 30 })
    expect(
      filesIn(dataDir).filter((name) => /-unreadable-\d{8}T\d{6}Z\.sqlite$/.test(name)),
    ).toHaveLength(1)
  })

  it('sign-out deletes the key first, then every cache file of every host, and the platform data', async () => {
    const sim = await startSim({ contributions: 20 })
    const dataDir = tempDir()
    const steps: string[] = []
    const account = cacheKeyAccount(cacheProfile(sim.baseUrl))
    const oldHostAccount = cacheKeyAccount('old-host')
    class WatchedStore extends MemorySecretStore {
      override async delete(name: string): Promise<boolean> {
        const files = filesIn(dataDir).filter((file) => file.startsWith('cache-'))
        if (name.startsWith('cache-key:')) steps.push(`key ${name}, ${files.length} files left`)
        return super.delete(name)
      }
    }
    const store = new WatchedStore()
    const app = await makeApp({
      sim,
      dataDir,
      store,
      services: {
        desktop: {
          chooseSavePath: async () => null,
          print: async () => false,
          forgetLocalData: async () => void steps.push('platform data'),
        },
      },
    })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('sync:run', { campaignId })
    // Another host's copy and one set aside earlier: sign-out forgets the account everywhere.
    fs.writeFileSync(path.join(dataDir, 'cache-old-host.sqlite'), 'x')
    fs.writeFileSync(path.join(dataDir, 'cache-old-host.sqlite-wal'), 'x')
    fs.writeFileSync(path.join(dataDir, 'cache-x-unreadable-20260101T000000Z.sqlite'), 'x')
    await store.set(oldHostAccount, 'c'.repeat(64))

    const info = await app.value('session:signOut')
    expect(info.signedIn).toBe(false)
    expect(await store.get(account)).toBeNull()
    expect(await store.get(oldHostAccount)).toBeNull()
    expect(filesIn(dataDir).filter((name) => name.startsWith('cache-'))).toEqual([])
    expect(steps[0]).toMatch(/^key cache-key:.*, [1-9]\d* files left$/)
    expect(steps).toContain('platform data')
  })

  it('calls arriving together at a fresh start make one key, the one the store keeps', async () => {
    const dataDir = tempDir()
    const sets: string[] = []
    class CountingStore extends MemorySecretStore {
      override async set(name: string, secret: string): Promise<void> {
        if (name.startsWith('cache-key:')) sets.push(name)
        await new Promise((resolve) => setTimeout(resolve, 5))
        return super.set(name, secret)
      }
    }
    const store = new CountingStore()
    const services = new AppServices({ dataDir, secretStore: () => store, emit: () => undefined })
    await Promise.all([1, 2, 3].map(() => services.connection.unlockCache()))
    expect(sets).toHaveLength(1)
    services.connection.cache()
    const profile = services.connection.profile()
    await services.dispose()
    const key = (await store.get(sets[0] as string)) as string
    const reopened = openCache({ dataDir, profile, key })
    expect(reopened.campaigns()).toEqual([])
    reopened.close()
  })

  it('without a keychain the user is told the offline copy needs a fresh sync after a restart', async () => {
    const app = await makeApp({
      services: {
        secretStore: (onFallback) =>
          new KeychainSecretStore({
            load: async () => {
              throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')
            },
            onFallback,
          }),
      },
    })
    const info = await app.value('session:status')
    expect(info.secretStoreWarning).toMatch(
      /keeps your sign-in in memory.*offline copy .*after a restart it cannot be read, and a sync rebuilds it/,
    )
  })
})
