import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL } from '../../../src/shared/config'
import { cleanupApps, makeApp, tempDir } from '../../helpers/app'
import { driftPlan } from '../../../src/simulator'
import { generateDataset } from '../../../src/simulator/data'

afterEach(cleanupApps)

describe('demo', () => {
  it('starts the simulator once, signs in, and leaves no trace in the settings', async () => {
    const dataDir = tempDir()
    const app = await makeApp({ dataDir })
    const demo = await app.value('demo:start')
    expect(demo).toMatchObject({
      signedIn: true,
      privileged: true,
      demo: true,
      email: 'demo@perkpack.test',
    })
    expect(demo.campaignIds.length).toBeGreaterThan(0)
    expect(demo.jobIds.length).toBeGreaterThan(0)
    const info = await app.value('settings:appInfo')
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const again = await app.value('demo:start')
    expect(again.campaignIds).toEqual(demo.campaignIds)
    expect((await app.value('settings:appInfo')).baseUrl).toBe(info.baseUrl)

    const campaignId = demo.campaignIds[0] as number
    // The demo drifts (3 %): the rows broken beyond the model are kept apart as problem rows.
    const broken = driftPlan(generateDataset({ seed: 1, contributions: 300 }), 0.03).broken.length
    expect(broken).toBeGreaterThan(0)
    expect((await app.value('sync:run', { campaignId })).count).toBe(300 - broken)
    const job = await app.value('jobs:watch', { campaignId, jobId: demo.jobIds[0] as string })
    expect(job.error).toBeNull()
    // Saving the settings form during the demo must not keep the simulator's URLs.
    await app.value('settings:update', {
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      theme: 'light',
    })
    expect((await app.value('settings:appInfo')).baseUrl).toBe(info.baseUrl)

    const settingsFile = path.join(dataDir, 'settings.json')
    const saved = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : ''
    expect(saved).not.toContain('127.0.0.1')
    expect(saved).not.toContain('demo@perkpack.test')

    // After a restart the app is where the person left it, not on a simulator that is gone.
    const restarted = await makeApp({ dataDir })
    expect(await restarted.value('settings:appInfo')).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      source: 'default',
    })
    expect(await restarted.value('session:status')).toMatchObject({ signedIn: false, demo: false })

    // Signing out of the demo ends the demo only.
    expect(await app.value('session:signOut')).toMatchObject({ signedIn: false, demo: false })
    expect((await app.value('settings:appInfo')).baseUrl).toBe(DEFAULT_BASE_URL)
  })
})
