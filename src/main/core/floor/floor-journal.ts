import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3-multiple-ciphers'
import type { FloorChange } from '../../../shared/team/floor-log'

/**
 * The desk's pending list of floor-plan changes (schema v10): every store of the floor's plan
 * writes its change here in the transaction that makes it, team mode or not, so what a desk
 * planned alone is shared once it joins a team, and a desk killed before sending finds its list
 * in the file. The team store's sync (src/main/core/team/team-floor-sync.ts) sends it.
 */
export class FloorJournal {
  private readonly put

  constructor(db: Database.Database) {
    this.put = db.prepare<[string, number, string, string, string]>(
      `INSERT INTO floor_plan_pending (uuid, campaign_id, kind, change, at)
       VALUES (?, ?, ?, ?, ?)`,
    )
  }

  /** Records a change (inside the caller's transaction); answers its id across desks. */
  record(campaignId: number, change: FloorChange, at: string, uuid: string = randomUUID()): string {
    this.put.run(uuid, campaignId, change.kind, JSON.stringify(change), at)
    return uuid
  }
}
