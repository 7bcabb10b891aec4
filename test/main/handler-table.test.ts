import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemorySecretStore } from '../../src/main/core/session/secrets'
import {
  cleanupApps,
  makeApp,
  queryAll,
  secretsIn,
  signIn,
  startSim,
  tempDir,
  wire,
} from '../helpers/app'

afterEach(cleanupApps)

describe('the handler table', () => {
  it('refuses bad arguments with a message naming the field and the fix', async () => {
    const app = await makeApp()
    const refused = async (channel: string, args: unknown[]) => {
      const envelope = await (app.table as Record<string, (raw: unknown[]) => Promise<unknown>>)[
        channel
      ]!(args)
      expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
      return (envelope as { error: { message: string } }).error.message
    }
    expect(await refused('orders:open', [{ campaignId: -1 }])).toMatch(
      /^Campaign ID must be a whole number above 0, such as \d+ \(got -1\)\. Copy it/,
    )
    expect(await refused('sync:run', [{ campaignId: 'abc' }])).toMatch(
      /Campaign ID must be a whole number .*\(got "abc"\)/,
    )
    expect(await refused('sync:run', [{ campaignId: 1.5 }])).toMatch(/got 1\.5/)
    expect(await refused('jobs:watch', [{ campaignId: 1, jobId: '  ' }])).toMatch(
      /^Job ID is empty\. Enter the ID/,
    )
    expect(await refused('jobs:watch', [{ campaignId: 1, jobId: 'x'.repeat(65) }])).toMatch(
      /^Job ID must be at most 64 characters/,
    )
    expect(await refused('settings:update', [{ baseUrl: 'ftp://example.com' }])).toMatch(
      /^API base URL must be a full http\(s\) URL .*"ftp:\/\/example\.com".*https:\/\//,
    )
    expect(await refused('settings:update', [{ authUrl: 'not a url' }])).toMatch(/^Auth URL/)
    expect(await refused('settings:update', [{ concurrency: 17 }])).toMatch(
      /^Sync concurrency must be at most 16 \(got 17\)/,
    )
    expect(await refused('settings:update', [{ concurrency: 0 }])).toMatch(/at least 1 \(got 0\)/)
    expect(await refused('settings:update', [{ theme: 'blue' }])).toMatch(
      /^Theme must be one of light, dark, system \(got "blue"\)/,
    )
    expect(await refused('orders:query', [{ campaignId: 1, filter: { statuses: [42] } }])).toMatch(
      /^Status must be text such as captured, pending, .* \(got 42\)/,
    )
    expect(await refused('account:contributions', [{ accountId: 0 }])).toMatch(/^Account ID/)
    expect(await refused('session:signIn', [{ apiToken: '' }])).toMatch(/^API token is empty/)
    expect(await refused('session:signIn', [{ apiToken: 't', email: 'nobody' }])).toMatch(
      /^E-mail must look like name@example\.com/,
    )
    expect(await refused('session:reauthenticate', [{ password: '' }])).toMatch(
      /^Password is empty/,
    )
    expect(await refused('orders:open', [{ campaignId: 1, extra: true }])).toBe(
      'The request orders:open has unknown field "extra": remove it.',
    )
    expect(await refused('settings:appInfo', [1])).toBe(
      'The request settings:appInfo takes 0 arguments, got 1.',
    )
    expect(await refused('orders:open', [])).toBe(
      'The request orders:open takes 1 argument, got 0.',
    )
    expect(await refused('orders:open', [null])).toMatch(
      /needs an object with its fields, got null/,
    )
    const rows = (fields: Record<string, unknown>) =>
      refused('orders:rows', [{ campaignId: 1, resultId: 1, offset: 0, limit: 100, ...fields }])
    expect(await rows({ limit: 0 })).toMatch(
      /^Row count must be a whole number from 1 to 2,000 \(got 0\)\. Ask for fewer rows/,
    )
    expect(await rows({ limit: 2001 })).toMatch(/^Row count .* \(got 2001\)/)
    expect(await rows({ offset: -1 })).toMatch(
      /^Row offset must be a whole number from 0 .* \(got -1\)/,
    )
    expect(await rows({ resultId: 'x' })).toMatch(
      /^Result ID .* \(got "x"\)\. Run the query again\./,
    )
  })

  it('opens only https links to the platform', async () => {
    const app = await makeApp()
    expect(
      await app.call('shell:openExternal', { url: 'https://www.indiegogo.com/projects/x' }),
    ).toEqual({ ok: true, value: true })
    for (const url of [
      'http://www.indiegogo.com/',
      'https://indiegogo.com.evil.example/',
      'https://user:pw@indiegogo.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      const envelope = await app.call('shell:openExternal', { url })
      expect(envelope).toMatchObject({ ok: false, error: { code: 'link_not_allowed' } })
    }
    expect(app.opened).toEqual(['https://www.indiegogo.com/projects/x'])
  })

  it('answers an unexpected failure with a generic message and logs the details', async () => {
    const lines: string[] = []
    const app = await makeApp({ services: { log: (line) => lines.push(line) } })
    vi.spyOn(app.services.orders, 'recent').mockImplementation(() => {
      throw new TypeError('boom at line 42')
    })
    const envelope = await app.call('campaigns:recent')
    expect(envelope).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(envelope)).not.toMatch(/boom|line 42/)
    expect(lines.join('\n')).toMatch(/TypeError: boom at line 42/)
  })
})

describe('secrets', () => {
  it('never sends a token or password across, in any answer or event', async () => {
    wire.splice(0)
    const sim = await startSim()
    const store = new MemorySecretStore()
    const dataDir = tempDir()
    const app = await makeApp({ sim, store, dataDir })
    const { apiToken, email, password } = sim.credentials
    // A refused password, then the right one; a sync, a query, a detail, a job.
    await app.call('session:signIn', { apiToken, email, password: `${password}-wrong` })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('sync:run', { campaignId })
    const { all } = await queryAll(app, campaignId, { statuses: [] })
    await app.value('orders:detail', { campaignId, contributionId: all[0]!.id })
    await app.call('jobs:watch', { campaignId, jobId: sim.dataset.jobs[0]!.jobId })
    // An expiry with the password gone (a restart), its event, a wrong and a right password.
    await app.services.dispose()
    const restarted = await makeApp({ sim, store, dataDir })
    sim.expireAllTokens()
    await restarted.call('sync:run', { campaignId })
    await restarted.waitFor('session:expired')
    await restarted.call('session:reauthenticate', { password: `${password}-wrong` })
    await restarted.value('session:reauthenticate', { password })
    await restarted.value('session:signOut')

    expect(wire.length).toBeGreaterThan(10)
    // Who is signed in crosses (the check is not vacuous); how they signed in does not.
    expect(wire.join('\n')).toContain(email)
    expect(secretsIn(wire)).toEqual([])
  })
})
