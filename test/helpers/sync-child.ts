/**
 * A sync process to be killed: run by sync-engine.test.ts, bundled (program-bundles.ts). It syncs one
 * campaign from a simulator the test started, and prints a line per progress event so the
 * test knows when it is mid-way. Configured through the environment:
 *   SYNC_CHILD_BASE_URL, SYNC_CHILD_API_TOKEN, SYNC_CHILD_EMAIL, SYNC_CHILD_PASSWORD,
 *   SYNC_CHILD_DATA_DIR, SYNC_CHILD_PROFILE, SYNC_CHILD_CAMPAIGN, SYNC_CHILD_CONCURRENCY
 */
import { ApiClient } from '../../src/main/core/api/api-client'
import { openCache } from '../../src/main/core/cache'
import { MemorySecretStore } from '../../src/main/core/session/secrets'
import { Session } from '../../src/main/core/session/api-session'
import { syncCampaign } from '../../src/main/core/sync/sync-engine'
import { USER_AGENT } from '../../src/main/core/system/version'

function required(name: string): string {
  const value = process.env[name]
  if (!value) {
    console.error(`sync-child: ${name} is not set`)
    process.exit(2)
  }
  return value
}

const baseUrl = required('SYNC_CHILD_BASE_URL')
const email = process.env.SYNC_CHILD_EMAIL || null
const session = new Session({
  fetch: globalThis.fetch,
  store: new MemorySecretStore(),
  baseUrl,
  authUrl: baseUrl,
  email,
  userAgent: USER_AGENT,
  password: process.env.SYNC_CHILD_PASSWORD || undefined,
})
const cache = openCache({
  dataDir: required('SYNC_CHILD_DATA_DIR'),
  profile: required('SYNC_CHILD_PROFILE'),
})

async function main(): Promise<void> {
  await session.setApiToken(required('SYNC_CHILD_API_TOKEN'))
  const result = await syncCampaign({
    client: new ApiClient({ baseUrl, session, fetch: globalThis.fetch, userAgent: USER_AGENT }),
    cache,
    campaignId: Number(required('SYNC_CHILD_CAMPAIGN')),
    privileged: email !== null,
    concurrency: Number(process.env.SYNC_CHILD_CONCURRENCY ?? '1'),
    onProgress: (p) =>
      console.log(`PROGRESS ${p.phase} ${p.pagesDone} ${p.pagesTotal} ${p.records}`),
  })
  console.log(`DONE ${result.snapshot.count}`)
  cache.close()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
