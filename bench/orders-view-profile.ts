import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { RENDERER_DIR } from '../src/web/server'
import { withDemoInChromium } from './chromium-demo'
import { fmt, runWhenScript } from './lib'
import { OPEN_SCRIPT, searchScript } from './orders-view.bench'

/**
 * Where the Orders view's time goes: the first rows after a click on Orders, and searches, each
 * traced by Chromium (devtools.timeline) with a CPU profile. For each: the bridge (request sent
 * to answer read, main's query inside it), the answer's size, the page's main-thread CPU time
 * after the answer by kind (script, style, layout, paint: thread time, so a busy machine's waits
 * for a core are left out), its JS by part of the bundle (Vue, naive-ui, PerkPack's own), and
 * the components re-rendered. `npx tsx bench/orders-view-profile.ts`; BENCH_ORDERS orders
 * (100,000), PROFILE_ROUNDS rounds of searches (3), PROFILE_SEARCHES (comma-separated; "berlin,a,").
 * BENCHMARKS.md, "Orders view", explains it.
 */
const COUNT = Number(process.env.BENCH_ORDERS ?? 100_000)
const SEARCHES = process.env.PROFILE_SEARCHES?.split(',') ?? ['berlin', 'a', '']
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3)

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time. */
  tdur?: number
  tid: number
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { url: string; lineNumber: number; functionName: string } }>
  samples: number[]
  timeDeltas: number[]
  startTime: number
}

const KINDS: Array<[string, RegExp]> = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/],
  ['layout', /^(Layout|UpdateLayout)$/],
  ['paint', /^(Paint|PrePaint|PaintImage|UpdateLayer|Layerize|Commit|UpdateLayerTree)$/],
  [
    'script',
    /^(RunTask|FunctionCall|EvaluateScript|v8\.|V8\.|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|MinorGC|MajorGC)/,
  ],
]
const kindOf = (name: string) => KINDS.find(([, re]) => re.test(name))?.[0] ?? 'other'

/**
 * CPU time (ms) of the page's main thread between two trace times, by kind: each event's own
 * time (less the events inside it), scaled by its share of thread time.
 */
function cpuByKind(events: TraceEvent[], tid: number, from: number, to: number) {
  const spans = events
    .filter((e) => e.tid === tid && e.ph === 'X' && e.dur && e.ts < to && e.ts + e.dur > from)
    .map((e) => ({
      name: e.name,
      start: Math.max(from, e.ts),
      end: Math.min(to, e.ts + (e.dur as number)),
      cpu: e.tdur !== undefined ? Math.min(1, e.tdur / (e.dur as number)) : 1,
      children: 0,
    }))
    .sort((a, b) => a.start - b.start || b.end - a.end)
  const kinds = new Map<string, number>()
  const stack: typeof spans = []
  const close = (span: (typeof spans)[number]) => {
    const kind = kindOf(span.name)
    kinds.set(
      kind,
      (kinds.get(kind) ?? 0) + ((span.end - span.start - span.children) * span.cpu) / 1000,
    )
    const parent = stack[stack.length - 1]
    if (parent) parent.children += span.end - span.start
  }
  for (const span of spans) {
    while (stack.length > 0 && (stack[stack.length - 1] as { end: number }).end <= span.start) {
      close(stack.pop() as (typeof spans)[number])
    }
    stack.push(span)
  }
  while (stack.length > 0) close(stack.pop() as (typeof spans)[number])
  return kinds
}

/** Which part of the bundle a line is in, from the bundler's `// node_modules/x/...` comments. */
function bundleParts(source: string): (line: number) => string {
  const starts: Array<[number, string]> = []
  source.split('\n').forEach((text, line) => {
    const m = /^\/\/ (?:node_modules\/((?:@[^/]+\/)?[^/]+)|src\/)/.exec(text)
    if (!m) return
    const module = m[1]
    const part =
      module === undefined
        ? 'PerkPack'
        : /^@vue\/|^pinia$/.test(module)
          ? 'Vue'
          : /naive|vueuc|vooks|treemate|css-render|seemly|vdirs|evtd/.test(module)
            ? 'naive-ui'
            : 'other'
    starts.push([line, part])
  })
  return (line) => {
    let found = 'other'
    for (let lo = 0, hi = starts.length - 1; lo <= hi;) {
      const mid = (lo + hi) >> 1
      const [at, part] = starts[mid] as [number, string]
      if (at <= line) {
        found = part
        lo = mid + 1
      } else hi = mid - 1
    }
    return found
  }
}

const bundles = new Map<string, (line: number) => string>()
function partOf(url: string, line: number, name: string): string {
  if (name === '(garbage collector)') return 'GC'
  const file =
    url
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? ''
  if (!url.includes('/assets/') || !file.endsWith('.js')) return url === '' ? 'browser' : 'other'
  let parts = bundles.get(file)
  if (!parts)
    bundles.set(
      file,
      (parts = bundleParts(readFileSync(join(RENDERER_DIR, 'assets', file), 'utf8'))),
    )
  return parts(line)
}

/** Sampled JS time (ms) by part of the bundle, between two times (µs). */
function scriptParts(profile: CpuProfile, from: number, to: number) {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const parts = new Map<string, number>()
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    const frame = frames.get(id)
    if (at < from || at > to || !frame || /^\((idle|program)\)$/.test(frame.functionName)) return
    const part = partOf(frame.url, frame.lineNumber, frame.functionName)
    parts.set(part, (parts.get(part) ?? 0) + delta / 1000)
  })
  return parts
}

/** The page's requests and re-renders, marked in the trace (user timing). */
const INSTRUMENT = `(() => {
  if (window.__profiled) return
  window.__profiled = true
  const fetched = window.fetch
  window.__answers = []
  window.fetch = async (...args) => {
    const channel = decodeURIComponent(String(args[0]).split('/').pop())
    performance.mark('sent ' + channel)
    const response = await fetched(...args)
    const text = await response.clone().text()
    performance.mark('answered ' + channel)
    window.__answers.push({ channel, bytes: text.length })
    return response
  }
  window.__updates = 0
  window.__names = {}
  document.querySelector('#app').__vue_app__.mixin({ updated() {
    window.__updates++
    const name = this.$options.__name || this.$options.name || '?'
    window.__names[name] = (window.__names[name] || 0) + 1
  } })
})()`

interface Measure {
  label: string
  wall: number
  bridge: number
  main: number
  bytes: number
  updates: number
  kinds: Map<string, number>
  parts: Map<string, number>
}

async function measure(
  page: Page,
  cdp: CDPSession,
  label: string,
  script: string,
  mainMs: () => number,
): Promise<Measure> {
  await page.evaluate(
    `window.__answers = []; window.__updates = 0; window.__names = {}; performance.clearMarks()`,
  )
  const events: TraceEvent[] = []
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', collect)
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8',
    transferMode: 'ReportEvents',
  })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const before = mainMs()
  await page.evaluate(`performance.mark('start')`)
  await page.evaluate(script)
  await page.evaluate(
    `new Promise((r) => requestAnimationFrame(() => { performance.mark('end'); r() }))`,
  )
  const main = mainMs() - before
  // Which components re-rendered, for a closer look.
  if (process.env.PROFILE_DEBUG) {
    process.stderr.write(`${label}: ${JSON.stringify(await page.evaluate('window.__names'))}\n`)
  }
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.end')
  await done
  cdp.off('Tracing.dataCollected', collect)
  const mark = (name: string) =>
    events.find((e) => e.cat.includes('user_timing') && e.name === name)
  const [start, end] = [mark('start'), mark('end')]
  if (!start || !end) throw new Error('the marks are not in the trace')
  const sent = mark('sent orders:query')
  const answered = mark('answered orders:query')
  const answers = (await page.evaluate('window.__answers')) as Array<{
    channel: string
    bytes: number
  }>
  // The page's own work, from the click or the Enter to the frame that shows the answer.
  const from = start.ts
  return {
    label,
    wall: (end.ts - start.ts) / 1000,
    bridge: sent && answered ? (answered.ts - sent.ts) / 1000 : 0,
    main,
    bytes: answers.filter((a) => a.channel === 'orders:query').reduce((n, a) => n + a.bytes, 0),
    updates: (await page.evaluate('window.__updates')) as number,
    kinds: cpuByKind(events, start.tid, from, end.ts),
    parts: scriptParts(profile, from, end.ts),
  }
}

function table(measures: Measure[]): string {
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1] ?? 0
  const ms = (x: number) => `${fmt(x, 1)} ms`
  const lines = [
    `| Measure (median of ${ROUNDS}) | Wall | Bridge | of it main's query | Answer | Re-rendered components | Page CPU | script | style | layout | paint | JS: Vue | naive-ui | PerkPack | GC |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ]
  for (const label of [...new Set(measures.map((m) => m.label))]) {
    const of = measures.filter((m) => m.label === label)
    const at = (pick: (m: Measure) => number) => median(of.map(pick))
    const kind = (k: string) => at((m) => m.kinds.get(k) ?? 0)
    const part = (p: string) => at((m) => m.parts.get(p) ?? 0)
    const cpu = at((m) => [...m.kinds.values()].reduce((a, b) => a + b, 0))
    lines.push(
      `| ${label} | ${ms(at((m) => m.wall))} | ${ms(at((m) => m.bridge))} | ${ms(at((m) => m.main))} | ${fmt(at((m) => m.bytes) / 1024, 0)} kB | ${at((m) => m.updates)} | ${ms(cpu)} | ${['script', 'style', 'layout', 'paint'].map((k) => ms(kind(k))).join(' | ')} | ${['Vue', 'naive-ui', 'PerkPack', 'GC'].map((p) => ms(part(p))).join(' | ')} |`,
    )
  }
  return lines.join('\n')
}

export async function profileOrdersView(): Promise<string> {
  return withDemoInChromium(COUNT, async ({ harness, browser, campaignId }) => {
    await harness.services.syncs.sync({ campaignId, concurrency: 16 })
    // Main's own time for each query, around the desk's method.
    const desk = harness.services.orders
    const query = desk.query.bind(desk)
    let mainTotal = 0
    desk.query = (...args: Parameters<typeof desk.query>) => {
      const started = performance.now()
      try {
        return query(...args)
      } finally {
        mainTotal += performance.now() - started
      }
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(harness.openUrl)
    await page.getByRole('button', { name: 'Campaigns', exact: true }).waitFor({ timeout: 60_000 })
    await page.evaluate(INSTRUMENT)
    const cdp = await page.context().newCDPSession(page)
    const measures = [
      await measure(page, cdp, 'First rows (first window)', OPEN_SCRIPT, () => mainTotal),
    ]
    await page.waitForTimeout(1500)
    for (let round = 0; round < ROUNDS; round++) {
      for (const text of SEARCHES) {
        measures.push(
          await measure(page, cdp, `Search "${text}"`, searchScript(text), () => mainTotal),
        )
      }
    }
    await cdp.detach()
    return table(measures)
  })
}

runWhenScript('orders-view-profile.ts', profileOrdersView)
