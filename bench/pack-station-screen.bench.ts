import { loadavg } from 'node:os'
import { withDemoInChromium } from './chromium-demo'
import { fmt, percentile, runWhenScript } from './lib'

const COUNT = Number(process.env.BENCH_ORDERS ?? 20_000)
const SCANS = 40
const BUDGET_MS = 100

// The page script is a string: this file is type-checked without the DOM library.
/**
 * Puts a code in the scan field as a keyboard-wedge scanner does (the text, then Enter) and
 * resolves, in page time, at the next frame after the order card shows the order's number.
 */
const scanScript = (code: string, expected: string) => `(async () => {
  const input = document.querySelector('input[aria-label="Scan"]')
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
  setter.call(input, ${JSON.stringify(code)})
  input.dispatchEvent(new Event('input', { bubbles: true }))
  const started = performance.now()
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  return await new Promise((resolve) => {
    const tick = () => {
      const card = document.querySelector('[aria-label="Order on the station"]')
      if (card && card.textContent.includes(${JSON.stringify(expected)}))
        requestAnimationFrame(() => resolve(performance.now() - started))
      else if (performance.now() - started > 10000) resolve(-1)
      else requestAnimationFrame(tick)
    }
    tick()
  })
})()`

const loadNote = () => `2 cores, load average ${fmt(loadavg()[0] ?? 0)} at the end of the run`

/**
 * Scan to screen at the pack station with 20,000 orders, in Chromium through the web harness:
 * the renderer, the HTTP bridge (where Electron has IPC) and the main-process services.
 */
export async function benchPackStationScreen(): Promise<string> {
  return withDemoInChromium(COUNT, async ({ harness, browser, campaignId }) => {
    await harness.services.syncs.sync({ campaignId, concurrency: 16 })
    const rows = harness.services.connection.cache().contributions(campaignId)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(harness.openUrl)
    await page
      .getByRole('navigation', { name: 'PerkPack' })
      .getByText('Pack station', { exact: true })
      .click()
    await page.getByTestId('station-ready').waitFor({ timeout: 60_000 })
    const times: number[] = []
    for (let i = 0; i < SCANS; i++) {
      const row = rows[(i * 7919) % rows.length]!
      const expected =
        row.order.sequence_number == null ? String(row.order.id) : `#${row.order.sequence_number}`
      const ms = (await page.evaluate(scanScript(String(row.order.id), expected))) as number
      if (ms < 0) throw new Error(`order ${row.order.id} never showed on the station`)
      times.push(ms)
      await page.getByRole('button', { name: 'Put aside' }).click()
      await page.getByTestId('station-ready').waitFor()
    }
    // The first scan also mounts the order card for the first time in this window.
    const [first = 0, ...rest] = times
    const p50 = percentile(rest, 0.5)
    const p95 = percentile(rest, 0.95)
    const worst = Math.max(...rest)
    return [
      `### Pack station in Chromium: scan to screen among ${COUNT.toLocaleString('en')} orders`,
      '',
      '`npx tsx bench/pack-station-screen.bench.ts` (also `npm run bench -- pack-station-screen`).',
      'The demo synced into a fresh cache, the built renderer in headless Chromium (1440x900, no',
      "GPU) through the web harness (HTTP where Electron has IPC). Each scan puts a slip's order id",
      'in the scan field and presses Enter, timed in the page until the next frame after the order',
      `card shows the order's number; ${SCANS} orders spread over the campaign, each put aside after.`,
      `Baseline: the in-process scan of the section above (p50 0.06 ms). Goal: under ${BUDGET_MS} ms.`,
      '',
      '| First scan in a new window | p50 | p95 | worst of the other scans |',
      '|---|---|---|---|',
      `| ${fmt(first, 1)} ms | ${fmt(p50, 1)} ms | ${fmt(p95, 1)} ms | ${fmt(worst, 1)} ms |`,
      '',
      `Goal ${p95 < BUDGET_MS ? 'met' : 'MISSED'} at p95: ${fmt(p95, 1)} ms; ${loadNote()}.`,
    ].join('\n')
  })
}

runWhenScript('pack-station-screen.bench.ts', benchPackStationScreen)
