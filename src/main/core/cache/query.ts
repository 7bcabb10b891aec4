import { normalizeEmail } from './rows'

/** Filters of `OfflineCache.contributions`; a missing, empty or blank filter is no filter. */
export interface ContributionQuery {
  /** Any of these order statuses. */
  statuses?: readonly string[]
  /**
   * None of these statuses: every other, including a status no one listed and a row whose
   * status could not be read (it has no entry in the status lookup).
   */
  exceptStatuses?: readonly string[]
  perkId?: number
  /** Shipping country, exactly as the API spells it (it is not a free-text search). */
  country?: string
  /** Contributor e-mail, case-insensitive. */
  email?: string
  skuCode?: string
}

/** Which form of the rows a read returns: the model's, or the raw row as the API sent it. */
export type RowForm = 'model' | 'raw'

export interface BuiltQuery {
  /** Same key, same SQL: the prepared statement can be reused. */
  key: string
  sql: string
  params: Record<string, string | number>
}

/** The sync whose rows are the campaign's snapshot (schema 7): evaluated once per query. */
const SNAPSHOT_SYNC = '(SELECT sync_key FROM campaigns WHERE campaign_id = @campaignId)'

/** The snapshot's rows whose entry in a lookup table meets `condition`. */
const inLookup = (table: string, condition: string) =>
  `c.id IN (SELECT contribution_id FROM ${table} WHERE sync_key = ${SNAPSHOT_SYNC} AND ${condition})`

/**
 * Every filter is a look-up in a side table (filled when the snapshot was committed) within one
 * campaign's snapshot. The status list travels as one JSON parameter so that any number of
 * statuses shares a single prepared statement.
 */
export function buildContributionsQuery(
  campaignId: number,
  query: ContributionQuery = {},
  form: RowForm = 'model',
): BuiltQuery {
  const where = [`c.sync_key = ${SNAPSHOT_SYNC}`]
  const params: Record<string, string | number> = { campaignId }
  let key = form === 'model' ? 'm' : 'r'
  if (query.statuses && query.statuses.length > 0) {
    where.push(
      inLookup('contributions_by_status', 'status IN (SELECT value FROM json_each(@statuses))'),
    )
    params.statuses = JSON.stringify(query.statuses)
    key += 's'
  }
  if (query.exceptStatuses && query.exceptStatuses.length > 0) {
    where.push(
      `NOT ${inLookup('contributions_by_status', 'status IN (SELECT value FROM json_each(@exceptStatuses))')}`,
    )
    params.exceptStatuses = JSON.stringify(query.exceptStatuses)
    key += 'x'
  }
  if (query.perkId !== undefined) {
    where.push(inLookup('contribution_perks', 'perk_id = @perkId'))
    params.perkId = query.perkId
    key += 'p'
  }
  if (query.country !== undefined && query.country.trim() !== '') {
    where.push(inLookup('contributions_by_country', 'country = @country'))
    params.country = query.country
    key += 'c'
  }
  const email = query.email === undefined ? '' : normalizeEmail(query.email)
  if (email) {
    where.push(inLookup('contributions_by_email', 'email = @email'))
    params.email = email
    key += 'e'
  }
  if (query.skuCode !== undefined && query.skuCode.trim() !== '') {
    where.push(inLookup('contribution_skus', 'sku_code = @skuCode'))
    params.skuCode = query.skuCode
    key += 'k'
  }
  // NULL model: the model row is the raw row read back (row-codec.ts).
  const column = form === 'model' ? 'coalesce(c.model, c.raw)' : 'c.raw'
  const sql =
    `SELECT ${column} FROM contributions c WHERE ${where.join(' AND ')}` +
    ' ORDER BY c.created_at DESC, c.id DESC'
  return { key, sql, params }
}
