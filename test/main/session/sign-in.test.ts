import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import { DEFAULT_BASE_URL } from '../../../src/shared/config'
import {
  cleanupApps,
  makeApp,
  queryAll,
  rowsOf,
  signIn,
  startSim,
  tempDir,
} from '../../helpers/app'

afterEach(cleanupApps)

describe('sign-in', () => {
  it('signs in with e-mail and password, refuses a wrong password, and allows API-token only', async () => {
    const sim = await startSim()
    const app = await makeApp({ sim })
    expect(await app.value('session:status')).toMatchObject({ signedIn: false, demo: false })

    const wrong = await app.call('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
      password: 'not-the-password',
    })
    expect(wrong).toEqual({
      ok: false,
      error: {
        code: 'invalid_credentials',
        message: 'The e-mail or password was not accepted. Check both and try again.',
      },
    })
    expect(await app.value('session:status')).toMatchObject({ signedIn: false })

    const missing = await app.call('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
    })
    expect(missing).toMatchObject({ ok: false, error: { code: 'usage' } })
    expect(!missing.ok && missing.error.message).toMatch(
      /Enter the password for demo@perkpack\.test/,
    )

    const info = await app.value('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
      password: sim.credentials.password,
    })
    expect(info).toMatchObject({
      signedIn: true,
      email: sim.credentials.email,
      privileged: true,
      demo: false,
      secretStore: 'memory (this run only)',
    })
    expect(Date.parse(info.expiresAt ?? '')).toBeGreaterThan(Date.now())

    const tokenOnly = await makeApp({ sim })
    expect(
      await tokenOnly.value('session:signIn', { apiToken: sim.credentials.apiToken }),
    ).toMatchObject({
      signedIn: true,
      email: null,
      privileged: false,
    })
    const campaignId = sim.campaignIds[0] as number
    // No password would help here: a distinct code, and no password prompt.
    const teamOnly = await tokenOnly.call('jobs:watch', { campaignId, jobId: sim.jobIds[0]! })
    expect(teamOnly).toMatchObject({ ok: false, error: { code: 'team_sign_in_required' } })
    expect(!teamOnly.ok && teamOnly.error.message).toMatch(/team member's sign-in/)
    expect(tokenOnly.events.filter((e) => e.event === 'session:expired')).toEqual([])
    const signedOut = await makeApp({ sim })
    expect(await signedOut.call('sync:run', { campaignId })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    })
    // Unprivileged: the rows come without addresses, and the drawer has none to show.
    await tokenOnly.value('sync:run', { campaignId })
    const { all: rows } = await queryAll(tokenOnly, campaignId, { statuses: [] })
    expect(rows).toHaveLength(rowsOf(sim, campaignId).length)
    expect(rows.every((row) => row.email === null && row.country === null)).toBe(true)
    const detail = await tokenOnly.value('orders:detail', {
      campaignId,
      contributionId: rows[0]!.id,
    })
    expect(detail.addressLines).toEqual([])
    expect(await tokenOnly.value('campaigns:recent')).toMatchObject([
      { campaignId, privileged: false },
    ])
  })

  it('signs out: keychain entries, cache files, campaign names and the remembered e-mail are gone', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const app = await makeApp({ sim, dataDir, store })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('sync:run', { campaignId })
    await app.value('campaigns:rename', { campaignId, name: 'Spring run' })
    const cacheFiles = () => fs.readdirSync(dataDir).filter((name) => name.startsWith('cache-'))
    expect(cacheFiles().length).toBeGreaterThan(0)
    expect(await app.value('session:signOut')).toMatchObject({ signedIn: false, email: null })
    expect(store.values()).toEqual([])
    expect(cacheFiles()).toEqual([])
    const settings = JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))
    expect(settings.email).toBeUndefined()
    expect(await app.value('campaigns:recent')).toEqual([])
    // The names given to the host's campaigns go with its offline copy.
    expect(fs.existsSync(path.join(dataDir, 'campaign-names.json'))).toBe(false)
  })
})

describe('the API addresses at sign-in', () => {
  const savedSettings = (dataDir: string) =>
    JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))

  it('saves none the person left as the app would use them: the environment stays the source', async () => {
    const sim = await startSim({ contributions: 10 })
    const dataDir = tempDir()
    const app = await makeApp({ sim, dataDir })
    // What the form sends when nobody opened "Advanced": the addresses it was shown.
    await app.value('session:signIn', {
      apiToken: sim.credentials.apiToken,
      baseUrl: `${sim.baseUrl}/`,
      authUrl: sim.authUrl,
    })
    expect(await app.value('session:status')).toMatchObject({ signedIn: true })
    expect(await app.value('settings:appInfo')).toMatchObject({
      baseUrl: sim.baseUrl,
      source: 'environment',
    })
    expect(Object.keys(savedSettings(dataDir))).toEqual(['email'])
    // Once the variables are gone, the app is back on the default, not on the simulator.
    const { baseUrl, source } = await (await makeApp({ dataDir })).value('settings:appInfo')
    expect([baseUrl, source]).toEqual([DEFAULT_BASE_URL, 'default'])
  })

  it('saves the addresses the person changed, and keeps them (Settings) after sign-out', async () => {
    const sim = await startSim({ contributions: 10 })
    const other = await startSim({ contributions: 10 })
    const dataDir = tempDir()
    const app = await makeApp({ sim, dataDir })
    await app.value('session:signIn', {
      apiToken: other.credentials.apiToken,
      baseUrl: other.baseUrl,
      authUrl: other.authUrl,
    })
    expect(await app.value('settings:appInfo')).toMatchObject({
      baseUrl: other.baseUrl,
      source: 'settings',
    })
    expect(savedSettings(dataDir)).toMatchObject({
      baseUrl: other.baseUrl,
      authUrl: other.authUrl,
    })
    // docs/security.md: sign-out forgets the account, not the settings the person chose.
    await app.value('session:signOut')
    expect(savedSettings(dataDir)).toMatchObject({ baseUrl: other.baseUrl })
  })
})

describe('session expiry', () => {
  it('renews an expired token with the refresh token after a restart, without asking', async () => {
    let now = Date.now()
    const sim = await startSim({ clock: () => now, tokenTtlSeconds: 3_600 })
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const first = await makeApp({ sim, dataDir, store })
    await signIn(first, sim)
    await first.services.dispose()

    // A restart: the keychain has the tokens; the password was never kept. The server's clock
    // passes the token's hour: the refresh token renews it, nobody is asked.
    const app = await makeApp({ sim, dataDir, store })
    now += 3_601_000
    const campaignId = sim.campaignIds[0] as number
    expect((await app.value('sync:run', { campaignId })).count).toBe(150)
    expect(sim.stats()).toMatchObject({ tokenGrants: 1, tokenRefreshes: 1 })
    expect(app.events.filter((e) => e.event === 'session:expired')).toEqual([])
  })

  it('where the server has no refresh grant, asks for the password at every expiry, then carries on', async () => {
    const sim = await startSim({ faults: { refreshGrant: false } })
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const first = await makeApp({ sim, dataDir, store })
    await signIn(first, sim)
    await first.services.dispose()

    const app = await makeApp({ sim, dataDir, store })
    expect(await app.value('session:status')).toMatchObject({
      signedIn: true,
      email: sim.credentials.email,
    })
    const campaignId = sim.campaignIds[0] as number
    expect((await app.value('sync:run', { campaignId })).count).toBe(150)

    sim.expireAllTokens()
    const refused = await app.call('sync:run', { campaignId })
    expect(refused).toMatchObject({ ok: false, error: { code: 'sign_in_required' } })
    const expired = await app.waitFor('session:expired')
    expect(expired.email).toBe(sim.credentials.email)
    expect(expired.message).toMatch(/password/)

    const wrong = await app.call('session:reauthenticate', { password: 'nope-nope' })
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } })
    expect(
      await app.value('session:reauthenticate', { password: sim.credentials.password }),
    ).toMatchObject({
      signedIn: true,
      privileged: true,
    })
    expect((await app.value('sync:run', { campaignId })).count).toBe(150)
    // The password was discarded after the grant (RFC 6749 section 4.3.2): the next expiry asks.
    sim.expireAllTokens()
    const again = await app.call('sync:run', { campaignId })
    expect(again).toMatchObject({ ok: false, error: { code: 'sign_in_required' } })
    expect(sim.stats().tokenRefreshes).toBe(0)
  })
})
