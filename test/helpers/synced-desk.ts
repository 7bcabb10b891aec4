import { openCache } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { TEST_CACHE_KEY } from './cli'
import { tempDir } from './harness'
import { asReceived } from './model'

/**
 * A data directory whose offline copy of `baseUrl` (under the tests' cache key) holds `rows` of
 * `campaignId` as a finished sync leaves them: what the command line's offline commands read.
 */
export function syncedDataDir(
  prefix: string,
  baseUrl: string,
  campaignId: number,
  rows: readonly CampaignContribution[],
  title?: string,
): string {
  const dataDir = tempDir(prefix)
  const cache = openCache({ dataDir, profile: cacheProfile(baseUrl), key: TEST_CACHE_KEY })
  try {
    const writer = cache.beginSnapshot(campaignId)
    writer.add(asReceived(rows))
    writer.commit({ expectedCount: rows.length, privileged: true })
    if (title !== undefined) cache.setCampaignTitle(campaignId, title)
  } finally {
    cache.close()
  }
  return dataDir
}
