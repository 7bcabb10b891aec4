/**
 * The node project's setup file, run before each test file. Its workers run file after file in
 * one process with one module cache (isolate: false, vitest.config.mts), so what a file changes
 * in the process is put back when it ends (process-snapshot.ts): the next file starts with the
 * process a fresh worker would give it.
 */
import { afterAll } from 'vitest'
import { snapshotProcess } from './process-snapshot'

// Registered before the file's own hooks: with vitest's stacked hooks it runs after them.
afterAll(snapshotProcess())
