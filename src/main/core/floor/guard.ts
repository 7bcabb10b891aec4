/** Turns SQLite's errors (busy, disk full) into the cache's own messages. */
export type Guard = <T>(fn: () => T) => T
