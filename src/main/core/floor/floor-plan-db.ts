import type Database from 'better-sqlite3-multiple-ciphers'
import { CorrectionStore } from './correction-store'
import { StockStore } from './stock-store'
import { WaveStore } from './wave-store'

import type { Guard } from './guard'

/** The floor's plan in the desk's offline cache (schema v8): stock, waves, corrections. */
export interface FloorPlan {
  stock: StockStore
  waves: WaveStore
  corrections: CorrectionStore
}

export function openFloorPlan(
  db: Database.Database,
  now: () => Date = () => new Date(),
  guard: Guard = (fn) => fn(),
): FloorPlan {
  return {
    stock: new StockStore(db, now, guard),
    waves: new WaveStore(db, now, guard),
    corrections: new CorrectionStore(db, now, guard),
  }
}
