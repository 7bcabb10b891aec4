import type { Browser } from 'playwright-core'
import { ensureRendererBuilt, startHarness } from '../src/web/server'
import type { Harness } from '../src/web/server'
import { launchChromium } from '../test/helpers/print-chromium'

export interface ChromiumDemo {
  harness: Harness
  browser: Browser
  /** The demo's first campaign, not synced yet: each bench times or checks its own sync. */
  campaignId: number
}

/**
 * The built renderer in headless Chromium through the web harness, whose demo simulator serves
 * `contributions` orders without latency, into the harness's own temporary data folder (removed
 * when it closes). A page opens `harness.openUrl`, which lets it in.
 */
export async function withDemoInChromium<T>(
  contributions: number,
  run: (demo: ChromiumDemo) => Promise<T>,
): Promise<T> {
  ensureRendererBuilt()
  const harness = await startHarness({
    demo: true,
    // Not the shell's PERKPACK_* settings: the demo is the only account.
    env: {},
    services: { demo: { contributions, faults: { latencyMs: 0 } } },
    log: () => {},
  })
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    const campaignId = harness.demo?.campaignIds[0]
    if (campaignId === undefined) throw new Error('the demo has no campaign')
    return await run({ harness, browser, campaignId })
  } finally {
    await browser?.close()
    await harness.close()
  }
}
