import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Tests that hold code to a time budget (ms on the wall clock): they run in a project of their
 * own, one file at a time after the others, so a test in the other worker cannot eat their budget.
 */
const TIMED = [
  'test/shared/fulfillment/index.test.ts',
  'test/main/orders/orders-desk.perf.test.ts',
  'test/main/core/cache/cache-speed.test.ts',
  'test/main/core/sync/sync-cancel.test.ts',
  'test/simulator/faults.test.ts',
  'test/simulator/server-stats.test.ts',
]
/**
 * Node test files that replace a module for the whole file (vi.mock): in the shared module
 * cache of the node project the module is loaded already, or its replacement stays for the
 * files after. They run in the project `node-isolated`, a process each, as vitest's default.
 */
export const OWN_MODULES = [
  'test/main/core/print/pdf-write-failure.test.ts',
  'test/main/core/system/write-errors.test.ts',
  'test/main/ipc/register.test.ts',
  'test/main/print/slip-batches.test.ts',
  'test/main/shell/electron-desktop-forget.test.ts',
  'test/preload/index.test.ts',
]
const alias = {
  '@renderer': resolve(here, 'src/renderer/src'),
  '@shared': resolve(here, 'src/shared'),
}

export default defineConfig({
  test: {
    // Two files at a time on the two-core build machines (vitest's default is one fewer than
    // the cores); more where there are more cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts', 'src/{main,shared,simulator}/**/*.test.ts'],
          // The browser end-to-end tests, the timed tests and the files that replace modules
          // are projects of their own (below).
          exclude: [...configDefaults.exclude, 'test/e2e/**', ...TIMED, ...OWN_MODULES],
          testTimeout: 20_000,
          // One process and one module cache per worker (isolate: false), not one per file:
          // the sources, zod, exceljs and pdfkit are loaded once a worker. With a process per
          // file, 42 files (test/shared, test/main/core/api) took 42 s of CPU, shared 14 s.
          // The setup file puts back what a file changed in the process (environment, working
          // folder, timers, spies and stubs). Hold it with runs of the files in shuffled order:
          // `npx vitest run --project node --sequence.shuffle.files --sequence.seed=N`.
          isolate: false,
          setupFiles: ['test/helpers/reset-between-files.ts'],
          // The tests spawn `perkpack` and helper scripts dozens of times a run: they are
          // bundled once here and run with plain node (test/helpers/program-bundles.ts), not
          // compiled by tsx at every start.
          globalSetup: ['test/helpers/program-bundles.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: OWN_MODULES,
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'timed',
          environment: 'node',
          include: TIMED,
          globalSetup: ['test/helpers/program-bundles.ts'],
          testTimeout: 20_000,
          // Alone: with file parallelism off, vitest runs these after the other projects' files.
          fileParallelism: false,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.ts'],
          // One module cache and one window per worker (isolate: false): vue and naive-ui are
          // imported once a worker, not once a file. With a cache per file the project took
          // 288 s of CPU (80 files), shared 39 s. The setup file gives each file the state a
          // fresh worker would (test-utils/fresh-window.ts: no active Pinia, the window's own
          // timers and frames, no stubbed globals, empty storage and page, no bridge): files
          // failed now and then after others through that state (ShrinkDialog, where a testing
          // Pinia left active by the file before turned the stores it made into stubs; a frame
          // faked and stubbed by one file that never came in the next). Hold it with runs in
          // shuffled order: `npx vitest run --project renderer --sequence.shuffle --sequence.seed=N`.
          isolate: false,
          setupFiles: ['src/renderer/src/test-utils/reset-between-files.ts'],
          // A whole view mounted with naive-ui takes seconds on a loaded two-core machine.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Chromium through the web harness against the simulator (test/e2e/support.ts).
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the build machines have two cores.
          fileParallelism: false,
          // The files one after the other in one worker with one module cache (the web server,
          // the app's services, the simulator and playwright are imported once, not once a
          // file), each on the process as the file before found it (as the node project). A
          // group of its own (groupOrder 1), after the node and renderer files: vitest runs a
          // one-worker project beside no other. The timed files run after it.
          isolate: false,
          setupFiles: ['test/helpers/reset-between-files.ts'],
          // The renderer built once and one Chromium for the run: each file connects to it and
          // makes contexts of its own (test/e2e/shared-chromium.ts).
          globalSetup: ['test/e2e/shared-chromium.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
