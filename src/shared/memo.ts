/** What `memoized` keeps values in: a Map, or a WeakMap when the key is an object. */
export interface MemoCache<K, V> {
  get(key: K): V | undefined
  set(key: K, value: V): unknown
}

/** The value kept for `key` in `cache`, computed by `compute` and kept the first time only. */
export function memoized<K, V>(cache: MemoCache<K, V>, key: K, compute: (key: K) => V): V {
  let value = cache.get(key)
  if (value === undefined) {
    value = compute(key)
    cache.set(key, value)
  }
  return value
}
