import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const here = dirname(fileURLToPath(import.meta.url))
const alias = {
  '@renderer': resolve(here, 'src/renderer/src'),
  '@shared': resolve(here, 'src/shared'),
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts', 'src/{main,shared,simulator}/**/*.test.ts'],
          // The browser end-to-end tests are a project of their own (below).
          exclude: [...configDefaults.exclude, 'test/e2e/**'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.ts'],
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
        },
      },
    ],
  },
})
