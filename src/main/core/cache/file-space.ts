import type Database from 'better-sqlite3-multiple-ciphers'

/*
 * A sync stages a whole campaign beside its snapshot, then swaps it in: the staging rows and
 * the old snapshot leave as many free pages as the snapshot holds. SQLite keeps free pages
 * for reuse, so without help the file stays at its high-water mark, about twice the data. With
 * incremental auto-vacuum the pages are handed back to the file system after each commit.
 */

/** better-sqlite3-multiple-ciphers' default too; named because a second window or the CLI may hold the lock. */
export const BUSY_TIMEOUT_MS = 5000
const AUTO_VACUUM_INCREMENTAL = 2
/** The WAL is cut back to this after a checkpoint rather than keep a whole commit's size. */
const WAL_SIZE_LIMIT = 8 * 1024 * 1024

/**
 * Before anything is written to a new file (it takes effect when page 1 is made); a no-op on
 * a file that exists. The WAL limit is the connection's own and is set on every open.
 */
export function preferIncrementalVacuum(db: Database.Database): void {
  db.pragma('auto_vacuum = INCREMENTAL')
}

export function limitWalSize(db: Database.Database): void {
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`)
}

/**
 * A file made before schema 4 has no auto-vacuum, and only VACUUM can turn it on: a rewrite
 * of the file, once, which also drops the free pages its earlier syncs left. Another process
 * using the file makes VACUUM fail at once: left for a later open, nothing is lost meanwhile.
 */
export function enableIncrementalVacuum(db: Database.Database, busyTimeoutMs: number): void {
  if (db.pragma('auto_vacuum', { simple: true }) === AUTO_VACUUM_INCREMENTAL) return
  withoutWaiting(db, busyTimeoutMs, () => {
    db.pragma('auto_vacuum = INCREMENTAL')
    db.exec('VACUUM')
    shrinkFiles(db)
  })
}

/** Hands the free pages back to the file system; run after a snapshot is swapped in. */
export function releaseFreePages(db: Database.Database, busyTimeoutMs: number): void {
  withoutWaiting(db, busyTimeoutMs, () => {
    if (db.pragma('freelist_count', { simple: true }) !== 0) db.pragma('incremental_vacuum')
    shrinkFiles(db)
  })
}

/**
 * In WAL mode the file shrinks when a checkpoint has copied every frame back, so one is run
 * now rather than leave the file at its high-water mark until the next (and the WAL at the
 * size of the whole commit).
 */
function shrinkFiles(db: Database.Database): void {
  db.pragma('wal_checkpoint(TRUNCATE)')
}

/**
 * Space only: a reader or writer in another process makes these fail at once instead of
 * making the user wait, and the next commit or open tries again. Nothing is lost meanwhile.
 */
function withoutWaiting(db: Database.Database, busyTimeoutMs: number, fn: () => void): void {
  db.pragma('busy_timeout = 0')
  try {
    fn()
  } catch {
    // See above.
  } finally {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`)
  }
}
