import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.PERKPACK_CHROMIUM ?? '/usr/bin/chromium'

/** What every Chromium of the tests is started with (also the e2e run's shared one). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** `env`: the browser's environment (e.g. a FONTCONFIG_FILE that hides the machine's fonts). */
export function launchChromium(env?: NodeJS.ProcessEnv): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    ...(env ? { env: { ...process.env, ...env } } : {}),
    args: [...CHROMIUM_ARGS],
  })
}

/** What the app's print window will do: the CSS page size rules, backgrounds kept. */
export async function htmlToPdf(page: Page, html: string): Promise<Buffer> {
  await page.setContent(html, { waitUntil: 'load' })
  return page.pdf({ preferCSSPageSize: true, printBackground: true })
}

export interface PdfFile {
  path: string
  /** Page count and the first page's size in points, from `pdfinfo`. */
  pages: number
  widthPt: number
  heightPt: number
  /** Text of 1-based page `n`, from `pdftotext -layout`. */
  text(n: number): string
  /** Page sizes of every page, as "W x H". */
  sizes(): string[]
}

const tempDirs: string[] = []

export function writePdf(bytes: Buffer, name = 'out.pdf'): PdfFile {
  const dir = mkdtempSync(join(tmpdir(), 'perkpack-print-'))
  tempDirs.push(dir)
  const path = join(dir, name)
  writeFileSync(path, bytes)
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)
  return {
    path,
    pages,
    widthPt: Number(size?.[1]),
    heightPt: Number(size?.[2]),
    text: (n) =>
      execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-layout', path, '-'], {
        encoding: 'utf8',
      }),
    sizes: () => {
      const all = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages), path], {
        encoding: 'utf8',
      })
      return [...all.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
        (m) => `${Math.round(Number(m[1]))} x ${Math.round(Number(m[2]))}`,
      )
    },
  }
}

export function removeTempPdfs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** Collapses the layout spacing pdftotext adds, so an address line can be searched for. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ')
}
