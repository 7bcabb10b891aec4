import type Database from 'better-sqlite3-multiple-ciphers'
import { BUSY_TIMEOUT_MS, releaseFreePages } from './file-space'
import type { Statements } from './statements'

/**
 * What a commit leaves to do after it: delete the rows of the snapshot it replaced (listed in
 * replaced_snapshots by the commit's own transaction, so a process that dies before deleting
 * them leaves them to the next open), refresh the planner's statistics and give free pages back.
 */
export class SnapshotTidy {
  private timer: NodeJS.Immediate | undefined
  private readonly dropReplaced: Database.Transaction<(syncKeys: readonly number[]) => void>

  constructor(
    private readonly db: Database.Database,
    private readonly sql: Statements,
    private readonly guard: <T>(fn: () => T) => T,
  ) {
    this.dropReplaced = db.transaction((syncKeys) => {
      for (const key of syncKeys) {
        for (const statement of sql.dropRows) statement.run(key)
        sql.dropReplaced.run(key)
      }
    })
  }

  get pending(): boolean {
    return this.timer !== undefined
  }

  now(): void {
    if (this.timer) clearImmediate(this.timer)
    this.timer = undefined
    this.guard(() => {
      const replaced = this.sql.replaced.all() as number[]
      if (replaced.length > 0) this.dropReplaced.immediate(replaced)
      this.refreshStatistics()
      releaseFreePages(this.db, BUSY_TIMEOUT_MS)
    })
  }

  /**
   * Runs now() once the caller's synchronous work is done (a sync's result, the orders view
   * built from it), not on its path. A failure (another process holding the file) leaves the
   * rows to the next commit, open or close: they stay listed, and no read sees them.
   */
  soon(): void {
    this.timer ??= setImmediate(() => {
      this.timer = undefined
      if (!this.db.open) return
      try {
        this.now()
      } catch {
        // See above.
      }
    })
  }

  /** Snapshots replaced before a process could delete them (it died): tidied soon. */
  leftovers(): void {
    if (this.sql.replaced.all().length > 0) this.soon()
  }

  /**
   * Without statistics the planner walks a campaign in date order and tests every row rather
   * than use the e-mail lookup: fine for 6 rows, not for 100,000. A snapshot changes the sizes
   * the statistics describe, so they are refreshed (sampled, a few ms) after each commit.
   */
  private refreshStatistics(): void {
    try {
      // 0x10002: consider every table, not only those this connection happened to query.
      this.db.pragma('optimize = 0x10002')
    } catch {
      // The snapshot is committed already; stale statistics only cost speed.
    }
  }
}
