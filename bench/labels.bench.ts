import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { chromium } from 'playwright-core'
import type { Page } from 'playwright-core'
import { renderLabels } from '../src/main/services/print'
import { generateDataset } from '../src/simulator/data'
import { fmt } from './lib'
import { toModel } from '../test/helpers/model'

const LABELS = 3_000
const BUDGET_MS = 10_000
const CHROMIUM_PATH = process.env.PERKPACK_CHROMIUM ?? '/usr/bin/chromium'

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/**
 * CPU seconds (user + system) used so far by every process below this one (Chromium's browser,
 * GPU-less renderer and utility processes), from /proc. On a shared machine wall time swings with
 * the neighbours' load; CPU time is what the work itself costs. NaN where /proc is missing.
 */
function childCpuSeconds(): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN
  const parent = new Map<number, number>()
  const cpu = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(Number(name), Number(fields[1]))
      // utime and stime, in clock ticks (100 a second on Linux).
      cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let total = 0
  for (const [pid, seconds] of cpu) {
    let ancestor = parent.get(pid) ?? 0
    while (ancestor > 1 && ancestor !== process.pid) ancestor = parent.get(ancestor) ?? 0
    if (ancestor === process.pid) total += seconds
  }
  return total
}

function ownCpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

/** Pages in a PDF that Chromium (Skia) wrote: one `/Type /Page` dictionary each. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0
}

interface PdfTiming {
  load: number
  pdf: number
  /** Chromium's CPU time for the same two steps, in ms. */
  loadCpu: number
  pdfCpu: number
  pages: number
}

async function toPdf(page: Page, html: string): Promise<PdfTiming> {
  let cpu = childCpuSeconds()
  let started = performance.now()
  await page.setContent(html, { waitUntil: 'load' })
  const load = performance.now() - started
  const loadCpu = (childCpuSeconds() - cpu) * 1000
  cpu = childCpuSeconds()
  started = performance.now()
  const bytes = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  const pdf = performance.now() - started
  const pdfCpu = (childCpuSeconds() - cpu) * 1000
  return { load, pdf, loadCpu, pdfCpu, pages: pdfPages(bytes) }
}

/** The same number of Letter pages of plain text: what any 100-page print costs in Chromium. */
function plainDocument(pages: number): string {
  const body: string[] = []
  for (let p = 0; p < pages; p++) {
    const lines: string[] = []
    for (let l = 0; l < 30; l++)
      lines.push(`<div>Page ${p + 1}, line ${l + 1}: 1234 Maple Street</div>`)
    body.push(`<section>${lines.join('')}</section>`)
  }
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: 8.5in 11in; margin: 0.5in; } body { margin: 0; font: 10pt Arial, sans-serif; }
section { break-after: page; } section:last-child { break-after: auto; }
</style></head><body>${body.join('\n')}</body></html>`
}

/**
 * 3,000 labels (100 sheets of Avery 5160) from HTML to PDF in Chromium, against a plain-text
 * document of the same page count through the same `page.pdf` in the same run.
 */
export async function benchLabels(): Promise<string> {
  const dataset = generateDataset({ seed: 7, contributions: LABELS })
  const rows = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!).filter(
    (r) => r.order.shipping,
  )
  const orders = rows.slice(0, LABELS)
  if (orders.length !== LABELS)
    throw new Error(`expected ${LABELS} addresses, got ${orders.length}`)
  const options = { layout: 'avery5160', showSummary: true } as const

  renderLabels(orders.slice(0, 200), options)
  const buildSamples: number[] = []
  const buildCpuSamples: number[] = []
  let result = renderLabels(orders, options)
  for (let i = 0; i < 3; i++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    result = renderLabels(orders, options)
    buildSamples.push(performance.now() - started)
    buildCpuSamples.push(ownCpuMs(cpu))
  }
  const build = median(buildSamples)
  const buildCpu = median(buildCpuSamples)

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const page = await browser.newPage()
    // Warm-up: fonts (CJK included) and the PDF pipeline load on first use.
    await toPdf(page, renderLabels(orders.slice(0, 60), options).html)
    const plain = await toPdf(page, plainDocument(result.pages))
    const labels = await toPdf(page, result.html)
    if (labels.pages !== result.pages || plain.pages !== result.pages) {
      throw new Error(
        `page counts differ: labels ${labels.pages}, plain ${plain.pages}, expected ${result.pages}`,
      )
    }
    const total = build + labels.load + labels.pdf
    const plainTotal = plain.load + plain.pdf
    const totalCpu = buildCpu + labels.loadCpu + labels.pdfCpu
    const plainCpu = plain.loadCpu + plain.pdfCpu
    const ratio = (value: number, base: number) =>
      Number.isFinite(value / base) ? `${fmt(value / base)}x` : 'n/a'
    const ms = (value: number) => (Number.isFinite(value) ? `${fmt(value, 0)} ms` : 'n/a')
    return [
      `### Labels to PDF: ${LABELS.toLocaleString('en')} labels, ${result.pages} sheets of Avery 5160`,
      '',
      'Simulated addresses from 14 countries (CJK, Hangul, Greek, Cyrillic, Arabic among them) with the',
      'SKU summary line, through Chromium `page.setContent` and `page.pdf` as the app prints them.',
      `HTML build: median of 3 runs after a warm-up. Baseline: a ${result.pages}-page document of 30 short`,
      'lines of plain text per page through the same `page.pdf`. Wall time, and CPU time (Node for the',
      'build, all Chromium processes for load and print) since a busy machine stretches wall time.',
      `Budget: under ${BUDGET_MS / 1000} s in all.`,
      '',
      '| Step | Labels: wall | Labels: CPU | Baseline: wall | Baseline: CPU | vs baseline (wall) |',
      '|---|---|---|---|---|---|',
      `| Build HTML (renderLabels) | ${ms(build)} | ${ms(buildCpu)} | n/a | n/a | n/a |`,
      `| Load (page.setContent) | ${ms(labels.load)} | ${ms(labels.loadCpu)} | ${ms(plain.load)} | ${ms(plain.loadCpu)} | ${ratio(labels.load, plain.load)} |`,
      `| Print (page.pdf) | ${ms(labels.pdf)} | ${ms(labels.pdfCpu)} | ${ms(plain.pdf)} | ${ms(plain.pdfCpu)} | ${ratio(labels.pdf, plain.pdf)} |`,
      `| Total | ${ms(total)} | ${ms(totalCpu)} | ${ms(plainTotal)} | ${ms(plainCpu)} | ${ratio(total, plainTotal)} |`,
      '',
      `HTML ${fmt(result.html.length / 2 ** 20)} MiB; ${result.warnings.length} label(s) with warnings;`,
      `${cpus().length} cores, load average ${fmt(loadavg()[0] ?? 0)} at the end of the run.`,
      `Budget ${total < BUDGET_MS ? 'met' : 'MISSED'}: ${fmt(total / 1000, 2)} s wall (${fmt(totalCpu / 1000, 2)} s CPU) of ${BUDGET_MS / 1000} s.`,
    ].join('\n')
  } finally {
    await browser.close()
  }
}
