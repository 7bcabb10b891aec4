/**
 * The e2e project's global setup (vitest.config.mts): the renderer built once, and one Chromium
 * for the whole run. Launched per file, Chromium cost each of the 17 files a browser start (about
 * a second of wall time and more of CPU on the two-core machines); each file now connects to this
 * one and makes its own contexts (own storage, own pages), so no file sees another's state.
 */
import fs from 'node:fs'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { ensureRendererBuilt } from '../../src/web/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/print-chromium'
import { SCREENSHOTS } from './screenshots'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, for `chromium.connect` (test/e2e/support.ts launchBrowser). */
    chromiumEndpoint: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureRendererBuilt()
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  })
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
