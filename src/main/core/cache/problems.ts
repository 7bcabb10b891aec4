import type Database from 'better-sqlite3-multiple-ciphers'
import type { SchemaProblem } from '../../../shared/api/validate'
import type { ProblemRow, ProblemRowsQuery } from './types'

/** One key per row: the id when there is one, else the rank (stable while pages shift). */
export function problemKey(row: Pick<ProblemRow, 'id' | 'rank'>): string {
  return row.id === null ? `r${row.rank}` : String(row.id)
}

export interface ProblemStatements {
  stage: Database.Statement
  forget: Database.Statement
  countStaged: Database.Statement
  dropSnapshot: Database.Statement
  copySnapshot: Database.Statement
  read: Database.Statement
}

interface StoredRow {
  id: number | null
  rank: number
  raw: string
  problems: string
}

/**
 * The statements of the problem-row tables (schema 3). The good rows' own tables stay with
 * statements.ts; what the two sides must agree on (a later copy of a row wins, whether it reads
 * or not) is arranged in cache.ts, in the same transactions.
 */
export function prepareProblemStatements(db: Database.Database): ProblemStatements {
  return {
    stage: db.prepare(
      `INSERT INTO staging_problem_rows (sync_key, row_key, id, rank, raw, problems)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (sync_key, row_key) DO UPDATE SET id = excluded.id, rank = excluded.rank,
         raw = excluded.raw, problems = excluded.problems`,
    ),
    /** A row read fine on a later page is no longer a problem. */
    forget: db.prepare('DELETE FROM staging_problem_rows WHERE sync_key = ? AND id = ?'),
    countStaged: db.prepare('SELECT count(*) FROM staging_problem_rows WHERE sync_key = ?').pluck(),
    dropSnapshot: db.prepare('DELETE FROM problem_rows WHERE campaign_id = ?'),
    copySnapshot: db.prepare(
      `INSERT INTO problem_rows (campaign_id, row_key, id, rank, raw, problems)
       SELECT @campaignId, row_key, id, rank, raw, problems
       FROM staging_problem_rows WHERE sync_key = @syncKey`,
    ),
    read: db.prepare(
      `SELECT id, rank, raw, problems FROM problem_rows WHERE campaign_id = ?
       ORDER BY rank DESC LIMIT ?`,
    ),
  }
}

/** Stages `rows` (the later copy of a key wins); call inside the staging transaction. */
export function stageProblemRows(
  sql: ProblemStatements,
  syncKey: number,
  rows: readonly ProblemRow[],
): void {
  for (const row of rows) {
    sql.stage.run(
      syncKey,
      problemKey(row),
      row.id,
      row.rank,
      // A row is parsed JSON: it always has a JSON form (undefined only for a bug upstream).
      JSON.stringify(row.raw) ?? 'null',
      JSON.stringify(row.problems),
    )
  }
}

/** Forgets staged problem rows whose id has now read fine; inside the staging transaction. */
export function forgetProblemRows(
  sql: ProblemStatements,
  syncKey: number,
  ids: Iterable<number>,
): void {
  for (const id of ids) sql.forget.run(syncKey, id)
}

/** Replaces the campaign's problem rows with the staged ones; inside the commit transaction. */
export function commitProblemRows(
  sql: ProblemStatements,
  campaignId: number,
  syncKey: number,
): void {
  sql.dropSnapshot.run(campaignId)
  sql.copySnapshot.run({ campaignId, syncKey })
}

export function readProblemRows(
  sql: ProblemStatements,
  campaignId: number,
  query: ProblemRowsQuery = {},
): ProblemRow[] {
  const limit = query.limit ?? -1
  return (sql.read.all(campaignId, limit) as StoredRow[]).map((row) => ({
    id: row.id,
    rank: row.rank,
    raw: JSON.parse(row.raw) as unknown,
    problems: JSON.parse(row.problems) as SchemaProblem[],
  }))
}
