import type { Signup } from '../../shared/api/schemas'
import type { SignupsResult } from '../../shared/ipc'
import type { ApiClient } from '../core/api/api-client'
import type { OfflineCache } from '../core/cache'
import { fetchSignups } from '../core/api/operations'
import { ApiError } from '../core/system/perkpack-errors'

const DOC_KIND = 'signups'

/**
 * A campaign's pre-launch sign-ups: the saved list unless `refresh`, else the API's, saved for
 * next time. When the API cannot be reached the saved list is the answer, marked offline.
 */
export async function readSignups(
  cache: OfflineCache,
  client: ApiClient,
  campaignId: number,
  refresh: boolean,
  now: () => number,
): Promise<SignupsResult> {
  const key = String(campaignId)
  const saved = cache.getDocument<Signup[]>(DOC_KIND, key)
  if (saved && !refresh) {
    return { campaignId, signups: saved.value, savedAt: saved.savedAt, offline: false }
  }
  try {
    const signups = await fetchSignups(client, campaignId)
    cache.putDocument(DOC_KIND, key, signups)
    const savedAt = cache.getDocument<Signup[]>(DOC_KIND, key)?.savedAt
    return {
      campaignId,
      signups,
      savedAt: savedAt ?? new Date(now()).toISOString(),
      offline: false,
    }
  } catch (error) {
    // Unreachable or failing for now: yesterday's list beats an error. A refusal (403, 401)
    // is not "offline" and is reported.
    if (saved && error instanceof ApiError && error.retryable) {
      return { campaignId, signups: saved.value, savedAt: saved.savedAt, offline: true }
    }
    throw error
  }
}
