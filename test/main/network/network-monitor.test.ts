import { afterEach, describe, expect, it } from 'vitest'
import type { FetchLike } from '../../../src/main/core/api/http'
import { cleanupApps, makeApp, signIn, startSim } from '../../helpers/app'
import { NetworkMonitor } from '../../../src/main/network/network-monitor'

afterEach(cleanupApps)

describe('network status over IPC', () => {
  it('flips the network status on a failure and back on the next answer', async () => {
    const sim = await startSim()
    let down = false
    const flaky: FetchLike = (input, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : globalThis.fetch(input, init)
    const app = await makeApp({ sim, fetch: flaky })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    expect(await app.value('network:status')).toMatchObject({ online: true })
    await app.value('signups:get', { campaignId, refresh: true })

    down = true
    const offline = await app.value('signups:get', { campaignId, refresh: true })
    expect(offline.offline).toBe(true)
    expect(await app.waitFor('network:status', (s) => !s.online)).toMatchObject({ online: false })

    down = false
    await app.value('account:contributions', { accountId: sim.accounts.demo })
    await app.waitFor('network:status', (s) => s.online)
    const changes = app.events
      .filter((e) => e.event === 'network:status')
      .map((e) => (e.payload as { online: boolean }).online)
    expect(changes).toEqual([false, true])
  })
})

describe('network monitor', () => {
  it('goes offline when a request gets no answer, not when the caller cancels it', async () => {
    const changes: boolean[] = []
    const monitor = new NetworkMonitor((status) => changes.push(status.online))
    const failing = monitor.wrap(() => Promise.reject(new TypeError('fetch failed')))
    const cancelled = new AbortController()
    cancelled.abort()
    await expect(failing('http://x', { signal: cancelled.signal })).rejects.toThrow()
    expect(changes).toEqual([])
    await expect(failing('http://x')).rejects.toThrow()
    await expect(failing('http://x')).rejects.toThrow()
    expect(changes).toEqual([false])
    await monitor.wrap(() => Promise.resolve(new Response('', { status: 503 })))('http://x')
    expect(changes).toEqual([false, true])
  })
})
