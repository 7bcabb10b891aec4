import type { TeamUrl } from '../../../shared/team/team-url'
import { secondConnection } from '../cache'
import { translateSqliteError } from '../cache/errors'
import type { OfflineCache } from '../cache'
import { FloorPlanMirror } from '../floor/floor-plan-mirror'
import { TeamDesk } from './team-desk'
import { TeamOutbox } from './team-outbox'

export interface OpenTeamDeskOptions {
  url: TeamUrl
  /** The desk's offline cache: the outbox and the mirror live in its file (schema v6). */
  cache: OfflineCache
  /** This desk's name (the station name). */
  desk: string
  connectTimeoutMs?: number
  now?: () => Date
}

/**
 * A desk in team mode over its own offline cache. Without a team URL nothing of this runs and
 * the cache's local floor store is the record, exactly as before team mode. The caller closes
 * the desk (which closes its outbox) before the cache.
 */
export function openTeamDesk(options: OpenTeamDeskOptions): TeamDesk {
  // The floor plan's log is applied on a connection of its own, like the outbox's.
  const { db: floor, file } = secondConnection(options.cache)
  return new TeamDesk({
    url: options.url,
    outbox: new TeamOutbox(secondConnection(options.cache), options.now),
    floor: {
      mirror: new FloorPlanMirror(floor, (fn) => {
        try {
          return fn()
        } catch (error) {
          throw translateSqliteError(error, file)
        }
      }),
      close: () => {
        if (floor.open) floor.close()
      },
    },
    desk: options.desk,
    ...(options.now ? { now: options.now } : {}),
    ...(options.connectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: options.connectTimeoutMs }),
  })
}
