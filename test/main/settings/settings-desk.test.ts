import fs from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL } from '../../../src/shared/config'
import { cleanupApps, makeApp, tempDir } from '../../helpers/app'

afterEach(cleanupApps)

describe('settings', () => {
  it('persists concurrency, theme and URLs in settings.json and says where URLs came from', async () => {
    const dataDir = tempDir()
    const app = await makeApp({ dataDir })
    expect(await app.value('settings:get')).toEqual({
      baseUrl: DEFAULT_BASE_URL,
      authUrl: 'https://auth.indiegogo.com',
      concurrency: 4,
      theme: 'system',
      // Print & export (test/main/export/export-desk.test.ts covers them).
      labelLayout: 'avery5160',
      labelOffsetMm: { x: 0, y: 0 },
      labelOrder: 'variant',
      labelSummary: false,
      slipPaper: 'letter',
      slipBatchSize: 500,
      slipFooterNote: '',
      senderCountry: 'US',
      // The CN23's sender block (test/main/settings/return-address.test.ts covers it).
      returnAddress: {},
      staleAfterHours: 24,
      // The pack station (test/main/floor/station-desk.test.ts covers it).
      stationName: hostname().trim().slice(0, 64),
      // No team store: this desk's own record (test/main/team/team-app.test.ts covers it).
      teamUrl: '',
    })
    expect((await app.value('settings:appInfo')).source).toBe('default')
    await app.value('settings:update', {
      concurrency: 8,
      theme: 'dark',
      baseUrl: 'http://127.0.0.1:4010/',
    })
    const again = await makeApp({ dataDir })
    expect(await again.value('settings:get')).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      concurrency: 8,
      theme: 'dark',
    })
    expect(await again.value('settings:appInfo')).toMatchObject({
      source: 'settings',
      harness: false,
    })
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))
    expect(saved).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', concurrency: 8, theme: 'dark' })
  })
})
