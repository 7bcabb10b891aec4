import type { ComponentOptions } from 'vue'

/**
 * Counts re-renders by component name, for tests that hold what a change redraws (a count, not
 * milliseconds: the same on any machine). Pass `mixin` in `mount`'s `global.mixins`.
 */
export function componentUpdates() {
  const counts = new Map<string, number>()
  const mixin: ComponentOptions = {
    updated() {
      const options = (this as { $options: { __name?: string; name?: string } }).$options
      const name = options.__name ?? options.name ?? '?'
      counts.set(name, (counts.get(name) ?? 0) + 1)
    },
  }
  return {
    mixin,
    /** Re-renders of the components whose name matches, since the last `reset`. */
    of: (name: RegExp) => [...counts].reduce((n, [key, c]) => (name.test(key) ? n + c : n), 0),
    reset: () => counts.clear(),
  }
}
