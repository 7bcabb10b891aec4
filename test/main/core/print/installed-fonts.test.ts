import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { LABEL_LAYOUTS, renderLabels, renderPackingSlips } from '../../../../src/main/core/print'
import {
  htmlToPdf,
  launchChromium,
  removeTempPdfs,
  writePdf,
} from '../../../helpers/print-chromium'
import { checkLabels, labelTexts } from '../../../helpers/print-label-check'
import { longAddressOrders, simulatedOrders } from '../../../helpers/print-long-addresses'
import type { PdfPage } from '../../../helpers/print-pdf-boxes'
import { readBoxes } from '../../../helpers/print-pdf-boxes'

// The print layout must not depend on the fonts of the machine: the same documents printed by a
// Chromium that sees only one unrelated font (DejaVu Serif, else the first font fontconfig
// lists) must give the same PDF text at the same places, and use only the bundled fonts. (With
// no font at all Chromium draws no text, web fonts included: a machine always has one.)

let normal: Browser
let isolated: Browser
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perkpack-fontconfig-'))
  const fonts = join(dir, 'fonts')
  mkdirSync(fonts)
  const serif = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf'
  const any = execFileSync('fc-list', ['--format', '%{file}\\n'], { encoding: 'utf8' })
    .split('\n')
    .find((file) => /\.(ttf|otf)$/.test(file))
  const one = existsSync(serif) ? serif : any
  if (one !== undefined) copyFileSync(one, join(fonts, basename(one)))
  writeFileSync(
    join(dir, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${fonts}</dir><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>\n`,
  )
  normal = await launchChromium()
  isolated = await launchChromium({ FONTCONFIG_FILE: join(dir, 'fonts.conf') })
}, 60_000)

afterAll(async () => {
  await normal?.close()
  await isolated?.close()
  removeTempPdfs()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function print(browser: Browser, html: string) {
  const page = await browser.newPage()
  try {
    return writePdf(await htmlToPdf(page, html))
  } finally {
    await page.close()
  }
}

/** Words and their boxes to a hundredth of a point: what must not change with the machine. */
function layoutOf(pages: readonly PdfPage[]): string[] {
  return pages.flatMap((page, p) =>
    page.words.map(
      (w) =>
        `${p + 1} ${w.xMin.toFixed(2)} ${w.yMin.toFixed(2)} ${w.xMax.toFixed(2)} ${w.yMax.toFixed(2)} ${w.text}`,
    ),
  )
}

function fontsOf(path: string): string[] {
  const out = execFileSync('pdffonts', [path], { encoding: 'utf8' })
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => (line.split(/\s+/)[0] ?? '').replace(/^[A-Z]{6}\+/, ''))
}

describe('print layout without the machine’s fonts', { timeout: 120_000 }, () => {
  it('the Chromium under test really sees no usual font', () => {
    const families = execFileSync('fc-list', [':', 'family'], {
      encoding: 'utf8',
      env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') },
    })
    expect(families.trim().split('\n')).toHaveLength(1)
    expect(families).not.toMatch(/Noto|Liberation|Arial|Helvetica/)
  })

  it('labels: same words at the same places, inside their labels, in bundled fonts only', async () => {
    const rows = [...longAddressOrders(), ...simulatedOrders(60, 11)]
    const result = renderLabels(rows, { layout: 'avery5160', showSummary: true, order: 'sequence' })
    const a = await print(normal, result.html)
    const b = await print(isolated, result.html)
    const boxesA = readBoxes(a.path)
    const boxesB = readBoxes(b.path)
    expect(layoutOf(boxesB)).toEqual(layoutOf(boxesA))
    expect(checkLabels(boxesB, LABEL_LAYOUTS.avery5160, labelTexts(result.html), 1)).toEqual([])
    for (const font of [...fontsOf(a.path), ...fontsOf(b.path)]) expect(font).toMatch(/^Noto/)
  })

  it('slips: same words at the same places, in bundled fonts only', async () => {
    const result = renderPackingSlips(longAddressOrders().slice(0, 8), {
      paper: 'letter',
      campaignTitle: 'Tidepool: 潮だまり — Ένα παιχνίδι',
      footerNote: 'Thank you! Спасибо! ありがとう!',
    })
    const a = await print(normal, result.html)
    const b = await print(isolated, result.html)
    expect(b.pages).toBe(result.pages)
    expect(layoutOf(readBoxes(b.path))).toEqual(layoutOf(readBoxes(a.path)))
    for (const font of fontsOf(b.path)) expect(font).toMatch(/^Noto/)
  })
})
