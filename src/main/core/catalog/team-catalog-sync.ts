import type { Catalog } from '../../../shared/catalog'
import { readStoredCatalog } from '../../../shared/catalog/catalog-schema'
import type { TeamClient } from '../team/team-connection'
import type { LocalCatalogStore, StoredCatalog } from './local-catalog-store'

// The catalogue shared by a team's desks through the team store (schema v3: team_catalogs).
// Every desk keeps its own copy in its offline cache and works from it; the two meet here, and
// the copy saved last wins on both sides. A desk that saved while the server was out of reach
// sends its copy on the next meeting, unless another desk saved after it.

interface ServerRow {
  catalog: unknown
  updated_at: string
  desk: string
}

const iso = (at: string) => new Date(at).toISOString()

async function serverCatalog(client: TeamClient, campaignId: number): Promise<ServerRow | null> {
  const { rows } = await client.pg.query<ServerRow>(
    `SELECT catalog, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, desk
       FROM team_catalogs WHERE campaign_id = $1`,
    [campaignId],
  )
  return rows[0] ?? null
}

/**
 * Writes `catalog` unless the server holds one saved later (another desk's); answers the copy
 * the server holds afterwards, which is this one when it won.
 */
async function pushCatalog(
  client: TeamClient,
  campaignId: number,
  catalog: Catalog,
  at: string,
  desk: string,
): Promise<ServerRow> {
  await client.pg.query(
    `INSERT INTO team_catalogs (campaign_id, catalog, updated_at, desk) VALUES ($1, $2, $3, $4)
     ON CONFLICT (campaign_id) DO UPDATE SET catalog = excluded.catalog,
       updated_at = excluded.updated_at, desk = excluded.desk
       WHERE team_catalogs.updated_at < excluded.updated_at`,
    [campaignId, JSON.stringify(catalog), at, desk],
  )
  return (await serverCatalog(client, campaignId))!
}

export interface CatalogMeeting extends StoredCatalog {
  /** Which side's copy both hold now: 'desk' (sent), 'team' (taken) or 'same'. */
  from: 'desk' | 'team' | 'same'
}

/** Brings the desk's copy and the team's together: the later save wins on both sides. */
export async function meetTeamCatalog(
  client: TeamClient,
  local: LocalCatalogStore,
  campaignId: number,
  desk: string,
): Promise<CatalogMeeting> {
  const mine = local.load(campaignId)
  const theirs = await serverCatalog(client, campaignId)
  const mineAt = mine.updatedAt === null ? null : iso(mine.updatedAt)
  if (theirs !== null && (mineAt === null || theirs.updated_at > mineAt)) {
    const taken = local.save(campaignId, readStoredCatalog(theirs.catalog), theirs.updated_at)
    return { ...taken, from: 'team' }
  }
  if (mineAt === null || (theirs !== null && theirs.updated_at === mineAt))
    return { ...mine, from: 'same' }
  const kept = await pushCatalog(client, campaignId, mine.catalog, mineAt, desk)
  if (kept.updated_at === mineAt) return { ...mine, from: 'desk' }
  // Another desk saved in between: theirs is newer, take it.
  return {
    ...local.save(campaignId, readStoredCatalog(kept.catalog), kept.updated_at),
    from: 'team',
  }
}

/**
 * Saves on this desk first (so nothing is lost when the server is out of reach), then meets the
 * team's copy when a client is given. A failure to reach the server leaves the desk's copy
 * saved and waiting for the next meeting.
 */
export async function saveTeamCatalog(
  client: TeamClient | null,
  local: LocalCatalogStore,
  campaignId: number,
  catalog: Catalog,
  desk: string,
): Promise<CatalogMeeting> {
  const saved = local.save(campaignId, catalog)
  if (client === null) return { ...saved, from: 'same' }
  return meetTeamCatalog(client, local, campaignId, desk)
}

/** What a team desk (core/team TeamDesk) offers the catalogue: its name and its connection. */
export interface CatalogTeamDesk {
  readonly desk: string
  /** null when the team store cannot be reached. */
  withClient<T>(fn: (client: TeamClient) => Promise<T>): Promise<T | null>
}

export interface DeskCatalog extends StoredCatalog {
  /** Whether the team store took part: false without a team, or when it was out of reach. */
  reached: boolean
}

/**
 * The app's and the CLI's save of a whole catalogue: on this desk first, then through the team
 * store when a team desk is given and reachable (the later save wins on both sides).
 */
export async function saveDeskCatalog(
  team: CatalogTeamDesk | null,
  local: LocalCatalogStore,
  campaignId: number,
  catalog: Catalog,
): Promise<DeskCatalog> {
  if (team !== null) {
    const met = await team.withClient((client) =>
      saveTeamCatalog(client, local, campaignId, catalog, team.desk),
    )
    if (met !== null) return { ...met, reached: true }
  }
  return { ...local.save(campaignId, catalog), reached: false }
}

/** Meets the team's copy when a team desk is given and reachable; else the desk's own copy. */
export async function meetDeskCatalog(
  team: CatalogTeamDesk | null,
  local: LocalCatalogStore,
  campaignId: number,
): Promise<DeskCatalog> {
  const met =
    team === null
      ? null
      : await team.withClient((client) => meetTeamCatalog(client, local, campaignId, team.desk))
  return met === null ? { ...local.load(campaignId), reached: false } : { ...met, reached: true }
}
