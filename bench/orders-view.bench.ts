import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { withDemoInChromium } from './chromium-demo'
import { fmt, percentile, runWhenScript } from './lib'

const COUNT = Number(process.env.BENCH_ORDERS ?? 100_000)
// ../shared/ARCHITECTURE.md, and issue 27's goal for this view.
const OPEN_BUDGET_MS = 300
const FILTER_BUDGET_MS = 100
// Names, cities, e-mails, order numbers; then SKU codes and choice values; "" clears a search.
const SEARCHES = [
  'berlin',
  'a',
  '',
  'mar',
  '#4242',
  'zz-no-match',
  'example.org',
  '00871-TEE-SND',
  'sand',
  'SND-M',
  '',
]
/**
 * After the first pass, the searches again this many times in turn: one pass is a single
 * sample of each, and on this machine a sample swings by 30 to 40 ms from run to run. In turn,
 * none repeats the one before, and main keeps only the last four answers, so each is worked out
 * again.
 */
const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 5)
const BASELINE_RUNS = 9
const SCROLL_FRAMES = 240
const WARM_OPENS = 5
const SCROLL_STEP_PX = 180

// The page scripts are strings: this file is type-checked without the DOM library.

/** Clicks a side-menu entry and resolves, in page time, once a row of the table is painted. */
export const OPEN_SCRIPT = `(async () => {
  const item = [...document.querySelectorAll('.view-menu .view-item')]
    .find((el) => el.textContent.trim() === 'Orders')
  const started = performance.now()
  item.click()
  return await new Promise((resolve) => {
    const tick = () => {
      if (document.querySelector('.orders-table .order-row'))
        requestAnimationFrame(() => resolve(performance.now() - started))
      else if (performance.now() - started > 15000) resolve(-1)
      else requestAnimationFrame(tick)
    }
    tick()
  })
})()`

/**
 * Types a search and presses Enter (no debounce), until the table shows the new answer (its
 * `data-result` changes: a search may match as many orders as the one before) and is painted.
 */
export const searchScript = (text: string) => `(async () => {
  const input = document.querySelector('input[aria-label="Search orders"]')
  const count = document.querySelector('.count')
  const answer = () => document.querySelector('.orders-table')?.dataset.result
  const before = answer()
  const started = performance.now()
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
  setter.call(input, ${JSON.stringify(text)})
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  return await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now()
      if (answer() !== before) requestAnimationFrame(() => resolve([performance.now() - started, count.textContent]))
      else if (now - started > 5000) resolve([-1, count.textContent])
      else requestAnimationFrame(tick)
    }
    tick()
  })
})()`

/**
 * Baselines, timed the same way in the same page: a call through the bridge that main answers
 * at once (the harness's floor for any query), and a fixed piece of work in the page (how fast
 * this machine is right now). Each until the next animation frame, median of the runs.
 */
const BASELINE_SCRIPT = `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(r))
  const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]
  const roundTrips = []
  const work = []
  for (let i = 0; i < ${BASELINE_RUNS}; i++) {
    let started = performance.now()
    await window.perkpack.appInfo()
    await frame()
    roundTrips.push(performance.now() - started)
    started = performance.now()
    const rows = []
    for (let r = 0; r < 20000; r++) rows.push({ id: r, name: 'Backer ' + r, sku: 'SKU-' + (r % 97) })
    JSON.parse(JSON.stringify(rows)).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.id - b.id))
    await frame()
    work.push(performance.now() - started)
  }
  return { roundTrip: median(roundTrips), work: median(work) }
})()`

/** Scrolls the virtual table a step per frame and returns the frame-to-frame times. */
const SCROLL_SCRIPT = `(async () => {
  const body = document.querySelector('.orders-table')
  const scroller = body.querySelector('.orders-body')
  const frames = []
  // Frames that showed a row still on its way from main (a grey placeholder bar).
  let waiting = 0
  let last = performance.now()
  for (let i = 0; i < ${SCROLL_FRAMES}; i++) {
    scroller.scrollTop += ${SCROLL_STEP_PX}
    scroller.dispatchEvent(new Event('scroll'))
    await new Promise((r) => requestAnimationFrame(r))
    const now = performance.now()
    frames.push(now - last)
    last = now
    if (body.querySelector('.order-placeholder')) waiting++
  }
  return { frames, waiting, top: scroller.scrollTop, rows: body.querySelectorAll('.order-row').length }
})()`

/** Jumps to the middle of the table (a drag of the scrollbar) and times until real rows show. */
const JUMP_SCRIPT = `(async () => {
  const scroller = document.querySelector('.orders-table .orders-body')
  const started = performance.now()
  scroller.scrollTop = scroller.scrollHeight / 2
  scroller.dispatchEvent(new Event('scroll'))
  return await new Promise((resolve) => {
    const tick = () => {
      const table = document.querySelector('.orders-table')
      if (table.querySelector('.order-row') && !table.querySelector('.order-placeholder'))
        requestAnimationFrame(() => resolve(performance.now() - started))
      else if (performance.now() - started > 5000) resolve(-1)
      else requestAnimationFrame(tick)
    }
    tick()
  })
})()`

interface Baselines {
  roundTrip: number
  work: number
}

const log = (line: string) => process.stderr.write(`bench orders-view: ${line}\n`)

async function openOrders(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Campaigns', exact: true }).waitFor({ timeout: 60_000 })
  const ms = (await page.evaluate(OPEN_SCRIPT)) as number
  if (ms < 0) {
    await page.screenshot({ path: join(tmpdir(), 'perkpack-bench-orders-failed.png') })
    throw new Error('no order rows on screen after 60 s (screenshot in the temp directory)')
  }
  log(`first rows after ${fmt(ms, 0)} ms`)
  return ms
}

/**
 * The Orders view with 100,000 orders in the cache, measured in Chromium through the web
 * harness: the renderer, the HTTP bridge and the same main-process services as Electron.
 */
export async function benchOrdersView(): Promise<string> {
  return withDemoInChromium(COUNT, async ({ harness, browser, campaignId }) => {
    log(`syncing ${COUNT} orders of campaign ${campaignId}`)
    const synced = await harness.services.syncs.sync({ campaignId, concurrency: 16 })
    log(`synced in ${fmt(synced.elapsedMs / 1000, 1)} s`)
    // The demo drifts a few rows into problem rows: every row is one or the other.
    if (synced.count + synced.problemCount !== COUNT)
      throw new Error(
        `synced ${synced.count} + ${synced.problemCount} problem rows, expected ${COUNT}`,
      )

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    page.on('pageerror', (error) => log(`page error: ${error.message}`))
    page.on('crash', () => log('page crashed'))
    await page.goto(harness.openUrl)
    await page.getByRole('button', { name: 'Campaigns', exact: true }).waitFor({ timeout: 60_000 })
    const before = (await page.evaluate(BASELINE_SCRIPT)) as Baselines
    log(`baselines: round trip ${fmt(before.roundTrip, 1)} ms, page work ${fmt(before.work, 1)} ms`)
    // First open after the sync: main built the workspace when the sync committed; the page is
    // brand new (nothing compiled, no component styles injected yet).
    const coldMs = await openOrders(page)
    // A new window: the renderer starts empty, main already holds the workspace.
    const warm: number[] = []
    for (let i = 0; i < WARM_OPENS; i++) {
      // A new window starts with an empty sessionStorage: a reload alone would bring the Orders
      // view back by itself (navigation.ts keeps the view for a reload), and the click on Orders
      // would find its rows already there.
      await page.evaluate('sessionStorage.clear()')
      await page.reload()
      warm.push(await openOrders(page))
    }
    const total = await page.locator('.count').textContent()
    // Let main build its search index (it waits for the first paint) before timing keystrokes.
    await page.waitForTimeout(1500)

    const filters: Array<{ text: string; ms: number; count: string; again: number[] }> = []
    for (const text of SEARCHES) {
      const [ms, count] = (await page.evaluate(searchScript(text))) as [number, string]
      filters.push({ text, ms, count, again: [] })
    }
    for (let round = 0; round < SEARCH_ROUNDS; round++) {
      for (const filter of filters) {
        const [ms] = (await page.evaluate(searchScript(filter.text))) as [number, string]
        if (ms >= 0) filter.again.push(ms)
      }
    }
    const scroll = (await page.evaluate(SCROLL_SCRIPT)) as {
      frames: number[]
      waiting: number
      top: number
      rows: number
    }

    const jumps: number[] = []
    for (let i = 0; i < 3; i++) {
      await page.evaluate(searchScript(i % 2 === 0 ? 'e' : ''))
      jumps.push((await page.evaluate(JUMP_SCRIPT)) as number)
    }
    const jump = Math.max(...jumps)
    // Again at the end: the machine may have got busier or quieter while this ran.
    const after = (await page.evaluate(BASELINE_SCRIPT)) as Baselines
    const base: Baselines = {
      roundTrip: (before.roundTrip + after.roundTrip) / 2,
      work: (before.work + after.work) / 2,
    }
    const ratios = (ms: number) => `${fmt(ms / base.roundTrip, 1)}x | ${fmt(ms / base.work, 2)}x`

    // Judged on the slowest: a person waits for the open they get, not the best one.
    const warmWorst = Math.max(...warm)
    const filterTimes = filters.filter((f) => f.ms >= 0).map((f) => f.ms)
    const filterWorst = Math.max(...filterTimes)
    const againMedian = (f: (typeof filters)[number]) =>
      f.again.length === 0 ? -1 : percentile(f.again, 0.5)
    const medianWorst = Math.max(0, ...filters.map(againMedian))
    const frames = scroll.frames.slice(5)
    const verdict = (ok: boolean) => (ok ? 'within budget' : '**over budget**')
    return [
      `### Orders view: ${COUNT.toLocaleString('en')} orders in Chromium through the web harness`,
      '',
      'Demo simulator synced into a fresh cache, then the built renderer in headless Chromium',
      '(1440x900, no GPU). Times are taken in the page: from the click on "Orders" (or the Enter',
      'of a search) to the next animation frame after the rows (or the new answer) are in the DOM.',
      `Budgets: first rows under ${OPEN_BUDGET_MS} ms, a filter under ${FILTER_BUDGET_MS} ms.`,
      'Baselines, in the same page before and after the measures (averaged, medians of',
      `${BASELINE_RUNS} runs each): a round trip through the bridge that main answers at once, ` +
        `${fmt(base.roundTrip, 1)} ms (the floor of any query through the harness), and a fixed`,
      `piece of work in the page, ${fmt(base.work, 1)} ms (how fast the machine was while this ran;`,
      `${fmt(before.work, 1)} ms before, ${fmt(after.work, 1)} ms after).`,
      '',
      `Each search once in turn ("Time"), then all of them ${SEARCH_ROUNDS} times more in turn ` +
        `(their median, "Again": a single sample swings by tens of ms here).`,
      '',
      '| Measure | Time | vs round trip | vs page work | Budget | Again, median (min to max) |',
      '|---|---|---|---|---|---|',
      `| First rows, first open after the sync (first window) | ${fmt(coldMs, 0)} ms | ${ratios(coldMs)} | ${verdict(coldMs < OPEN_BUDGET_MS)} | |`,
      `| First rows, fresh window, worst of ${WARM_OPENS} (${warm.map((m) => fmt(m, 0)).join(' / ')} ms) | ${fmt(warmWorst, 0)} ms | ${ratios(warmWorst)} | ${verdict(warmWorst < OPEN_BUDGET_MS)} | median ${fmt(percentile(warm, 0.5), 0)} ms |`,
      ...filters.map(
        (f) =>
          `| Search "${f.text}" -> ${f.count} | ${f.ms < 0 ? 'no change seen | |' : `${fmt(f.ms, 0)} ms | ${ratios(f.ms)}`} | ${f.ms < 0 ? '' : verdict(f.ms < FILTER_BUDGET_MS)} | ${f.again.length === 0 ? '' : `${fmt(againMedian(f), 0)} ms (${fmt(Math.min(...f.again), 0)} to ${fmt(Math.max(...f.again), 0)})`} |`,
      ),
      `| Jump to the middle of a fresh answer until its rows show, worst of 3 (${jumps.map((m) => fmt(m, 0)).join(' / ')} ms) | ${jump < 0 ? 'rows never showed | |' : `${fmt(jump, 0)} ms | ${ratios(jump)}`} | | |`,
      `| Scrolling ${SCROLL_FRAMES} frames x ${SCROLL_STEP_PX} px: median / p95 / max frame | ${fmt(percentile(frames, 0.5), 1)} / ${fmt(percentile(frames, 0.95), 1)} / ${fmt(Math.max(...frames), 1)} ms | | | | |`,
      '',
      `Table count on open: ${total}; worst filter ${fmt(filterWorst, 0)} ms` +
        (SEARCH_ROUNDS > 0
          ? ` (worst median of the rounds after it: ${fmt(medianWorst, 0)} ms)`
          : '') +
        '; rows in the DOM while',
      `scrolling: ${scroll.rows} (virtual scroll), scrolled to ${fmt(scroll.top, 0)} px; frames showing a`,
      `row still being fetched: ${scroll.waiting} of ${SCROLL_FRAMES}.`,
    ].join('\n')
  })
}

runWhenScript('orders-view.bench.ts', benchOrdersView)
