import type Database from 'better-sqlite3-multiple-ciphers'
import { CorrectionStore } from './correction-store'
import { FloorJournal } from './floor-journal'
import { ParcelStore } from './parcel-store'
import { StockStore } from './stock-store'
import { WaveStore } from './wave-store'

import type { Guard } from './guard'

/** The floor's plan in the desk's offline cache (schema v8): stock, waves, corrections. */
export interface FloorPlan {
  stock: StockStore
  waves: WaveStore
  corrections: CorrectionStore
  /** Parcels packed in part (schema v11). */
  parcels: ParcelStore
}

export function openFloorPlan(
  db: Database.Database,
  now: () => Date = () => new Date(),
  guard: Guard = (fn) => fn(),
): FloorPlan {
  // One pending list for the three: each change is recorded in the transaction that makes it.
  const journal = new FloorJournal(db)
  return {
    stock: new StockStore(db, now, guard, journal),
    waves: new WaveStore(db, now, guard, journal),
    corrections: new CorrectionStore(db, now, guard, journal),
    parcels: new ParcelStore(db, now, guard, journal),
  }
}
