import type { FloorStore } from '../../../shared/floor/order-state'

/**
 * What was worked out from the floor's record, per key (a campaign's workspace), kept until the
 * file changes: a pack here, or a write by another desk or the CLI (`FloorStore.changeToken`).
 * The Orders view asks for such answers with every query; reading them again each time cost most
 * of a query on a busy floor.
 */
export class KeptFloorReads<Key extends object, Value> {
  private readonly kept = new WeakMap<Key, { token: string; value: Value }>()

  /** The value kept for `key`, or `read()`'s when the file changed since it was kept. */
  get(floor: FloorStore, key: Key, read: () => Value): Value {
    const token = floor.changeToken()
    const kept = this.kept.get(key)
    if (kept?.token === token) return kept.value
    const value = read()
    this.kept.set(key, { token, value })
    return value
  }
}
