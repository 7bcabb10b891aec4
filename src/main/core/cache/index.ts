export { cacheFilePath, openCache, secondConnection, wipeCacheFiles } from './open-cache'
export {
  cacheProfilesIn,
  eraseOfflineCopies,
  setAsideUnreadableCache,
  wipeAllCacheFiles,
  cacheForSync,
} from './cache-files'
export { CACHE_KEY_VARIABLE, cacheKeyAccount, cacheKeyFor, forgetCacheKey } from './cache-key'
export type * from './types'
export { CacheError } from './errors'
export type { CacheErrorCode } from './errors'
export type { ContributionQuery } from './query'
export { SCHEMA_VERSION } from './schema'
export { problemKey } from './problems'
