export { cacheFilePath, openCache, wipeCacheFiles } from './open-cache'
export type {
  CacheOptions,
  CampaignSnapshotInfo,
  OfflineCache,
  ProblemRow,
  ProblemRowsQuery,
  ReceivedContribution,
  SnapshotMeta,
  SnapshotWriter,
} from './types'
export { CacheError } from './errors'
export type { CacheErrorCode } from './errors'
export type { ContributionQuery } from './query'
export { SCHEMA_VERSION } from './schema'
export { problemKey } from './problems'
