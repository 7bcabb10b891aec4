export { cacheFilePath, openCache, wipeCacheFiles } from './cache'
export type {
  CacheOptions,
  CampaignSnapshotInfo,
  OfflineCache,
  SnapshotMeta,
  SnapshotWriter,
} from './cache'
export { CacheError } from './errors'
export type { CacheErrorCode } from './errors'
export type { ContributionQuery } from './query'
export { SCHEMA_VERSION } from './schema'
export { problemKey } from './problems'
export type { ProblemRow, ProblemRowsQuery } from './problems'
