/**
 * Backers' names in Japanese, Korean, Chinese, Arabic and with an emoji, on a machine whose only
 * fonts are DejaVu (this Chromium's): the window draws them with the app's bundled fonts, served
 * by the app itself, and downloads only the subsets the names on screen need.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toModel } from '../helpers/model'
import {
  goTo,
  openCampaign,
  schemeScreenshots,
  screenshot,
  signIn,
  until,
  useE2eApp,
} from './support'

const app = useE2eApp({
  name: 'ui-fonts',
  simulator: { contributions: 40, faults: { latencyMs: 0 } },
})

/**
 * Once no font is loading (the test's Node has no DOM types): the faces declared. A face starts
 * loading when text needing it is laid out, so a check that needs one polls (expect.poll).
 */
async function fontsSettled(page: Page): Promise<number> {
  return page.locator('body').evaluate(async (body) => {
    const document = body.ownerDocument
    await new Promise((done) => document.defaultView?.requestAnimationFrame(done))
    await document.fonts.ready
    return document.fonts.size
  })
}

/** The font files the page asked for (fonts.css itself is not a font). */
function recordFontRequests(page: Page): string[] {
  const files: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/fonts/')) files.push(pathname)
  })
  return files
}

interface PlatformFont {
  familyName: string
  isCustomFont: boolean
  glyphCount: number
}

/**
 * The fonts Chromium drew `text` with (DevTools' "Rendered Fonts"): the element holding it, in
 * `within`, is asked once the page's fonts have loaded.
 */
async function fontsDrawing(page: Page, within: string, text: string): Promise<PlatformFont[]> {
  await fontsSettled(page)
  const marked = await page.locator('body').evaluate(
    (body, [selector, wanted]) => {
      const document = body.ownerDocument
      document.querySelector('[data-font-probe]')?.removeAttribute('data-font-probe')
      // A search marks its terms (<mark> per word), so the name may be split over text nodes:
      // a word of it in the script asked about (not Latin) is drawn by the same fonts.
      const words = wanted
        .split(/\s+/)
        .filter((word) => [...word].some((char) => (char.codePointAt(0) ?? 0) > 0x24f))
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (words.some((word) => node.textContent?.includes(word))) {
            node.parentElement?.setAttribute('data-font-probe', '')
            return true
          }
        }
      }
      return false
    },
    [within, text] as const,
  )
  expect(marked, `"${text}" on screen in ${within}`).toBe(true)
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '[data-font-probe]',
    })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts
  } finally {
    await cdp.detach()
  }
}

/** The bundled families (by the name inside their files) that drew part of `text`. */
async function bundledDrawing(page: Page, within: string, text: string): Promise<string[]> {
  const fonts = await fontsDrawing(page, within, text)
  return fonts.filter((font) => font.isCustomFont).map((font) => font.familyName)
}

/** What the Status filter holds until someone changes it. */
const DEFAULT_STATUSES: string[] = ['captured', 'in_fulfillment']

/** The scripts asked about, by how the simulator's names are written (data-people.ts). */
const SCRIPTS = {
  // Japanese names are written family name first with a space, Chinese ones without.
  japanese: /^\p{Script=Han}+ \p{Script=Han}+$/u,
  chinese: /^\p{Script=Han}+$/u,
  korean: /\p{Script=Hangul}/u,
  arabic: /\p{Script=Arabic}/u,
  emoji: /\p{Extended_Pictographic}/u,
} as const

/** The unicode-range of each font file fonts.css declares, by URL path. */
async function declaredRanges(page: Page): Promise<Map<string, Array<[number, number]>>> {
  const css = await (await page.request.get(new URL('/fonts.css', page.url()).href)).text()
  const ranges = new Map<string, Array<[number, number]>>()
  for (const [, url, range] of css.matchAll(/url\(([^)]+)\)[^}]*unicode-range: ([^;]+);/g)) {
    const parts = (range ?? '').split(',').map((part) => {
      const [from, to] = part.trim().slice(2).split('-')
      return [parseInt(from ?? '', 16), parseInt(to ?? from ?? '', 16)] as [number, number]
    })
    ranges.set(url ?? '', parts)
  }
  return ranges
}

/** The code points of the text on screen now. */
async function codePointsShown(page: Page): Promise<number[]> {
  const text = await page.locator('body').innerText()
  return [...text].map((char) => char.codePointAt(0) ?? 0)
}

/** The bundled family that draws each script here (Chinese: one stack, the Japanese forms). */
const DRAWN_BY = {
  japanese: 'Noto Sans JP',
  chinese: 'Noto Sans JP',
  korean: 'Noto Sans KR',
  emoji: 'Noto Emoji',
} as const

/** A backer of each script among the campaign's orders the Orders table shows at first. */
function namesByScript(campaignId: number): Record<keyof typeof SCRIPTS, string> {
  const names = toModel(app.sim.dataset.contributions.get(campaignId) ?? [])
    .filter((row) => DEFAULT_STATUSES.includes(row.order.status))
    .map((row) => row.contributor_name ?? '')
  const pick = (script: keyof typeof SCRIPTS) => {
    const name = names.find((candidate) => SCRIPTS[script].test(candidate))
    if (name === undefined) throw new Error(`the simulator made no ${script} name to show`)
    return name
  }
  return {
    japanese: pick('japanese'),
    chinese: pick('chinese'),
    korean: pick('korean'),
    arabic: pick('arabic'),
    emoji: pick('emoji'),
  }
}

/**
 * A fresh page, signed in, and the font files it asks for from the start. The harness keeps the
 * session of an earlier test: the page then opens signed in.
 */
async function signedInPage(): Promise<{ page: Page; fontFiles: string[] }> {
  const page = await app.open()
  const fontFiles = recordFontRequests(page)
  const form = page.getByLabel('API token')
  await form
    .or(page.getByRole('navigation', { name: 'PerkPack' }))
    .first()
    .waitFor()
  if (await form.isVisible()) await signIn(page, app.sim.credentials)
  return { page, fontFiles }
}

describe('names in other scripts on a machine without their fonts', () => {
  it('a page of Latin text downloads none of the bundled fonts', async () => {
    // A harness with no campaign synced: a fresh page would open one the other tests synced.
    await app.withOwnHarness(async () => {
      const { page, fontFiles } = await signedInPage()
      // The sign-in screen and the workspace: the fonts' faces are declared, no file is needed.
      expect(await fontsSettled(page)).toBeGreaterThan(400)
      expect(fontFiles).toEqual([])
    })
  })

  it('draws each name with a bundled face and fetches only the subsets they use', async () => {
    const { page, fontFiles } = await signedInPage()
    // The fixed-size campaign holds every hand-written hard case (data-showcase.ts).
    const campaignId = app.sim.campaignIds[2] as number
    const names = namesByScript(campaignId)
    await openCampaign(page, campaignId)
    await goTo(page, 'Orders')
    await until(async () => (await page.locator('.order-row').count()) > 10)
    await page.setViewportSize({ width: 1280, height: 720 })

    // What the page can show: the campaign's rows (a table scrolls and refreshes while it syncs)
    // and the text seen on screen below.
    const rows = JSON.stringify(app.sim.dataset.contributions.get(campaignId))
    const shown = new Set([...rows].map((char) => char.codePointAt(0) ?? 0))
    for (const code of await codePointsShown(page)) shown.add(code)
    const search = page.getByLabel('Search orders')
    for (const [script, family] of Object.entries(DRAWN_BY)) {
      const name = names[script as keyof typeof DRAWN_BY]
      await search.fill(name)
      await expect
        .poll(() => bundledDrawing(page, '.order-row', name), { timeout: 10_000 })
        .toContain(family)
      for (const code of await codePointsShown(page)) shown.add(code)
    }
    // DejaVu Sans has Arabic: the machine's font comes first, the bundled one is not fetched.
    await search.fill(names.arabic)
    await until(
      async () => (await page.locator('.order-row', { hasText: names.arabic }).count()) > 0,
    )
    expect(await bundledDrawing(page, '.order-row', names.arabic)).toEqual([])

    await search.fill('')
    await until(async () => (await page.locator('.order-row').count()) > 10)
    await fontsSettled(page)
    await schemeScreenshots(page, 'ui-fonts-orders')

    await search.fill(names.japanese)
    await page.locator('.order-row', { hasText: names.japanese }).first().click()
    const drawer = page.getByRole('dialog', { name: 'Order details' })
    await drawer.waitFor()
    await expect
      .poll(() => bundledDrawing(page, '[role="dialog"]', names.japanese))
      .toContain('Noto Sans JP')
    for (const code of await codePointsShown(page)) shown.add(code)
    await schemeScreenshots(page, 'ui-fonts-drawer')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    await search.fill(names.emoji)
    await page.locator('.order-row', { hasText: names.emoji }).first().click()
    await drawer.waitFor()
    await expect
      .poll(() => bundledDrawing(page, '[role="dialog"]', names.emoji))
      .toContain('Noto Emoji')
    await screenshot(page, 'ui-fonts-drawer-emoji-light-1280x720')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })

    // Each file fetched once, each a subset holding a character of the campaign or the screen
    // (Chromium may try a subset whose range holds one that another font then draws), few of
    // the 480.
    const ranges = await declaredRanges(page)
    const unneeded = fontFiles.filter(
      (file) =>
        !(ranges.get(file) ?? []).some(([from, to]) =>
          [...shown].some((code) => code >= from && code <= to),
        ),
    )
    expect(ranges.size).toBeGreaterThan(400)
    expect(unneeded).toEqual([])
    expect(new Set(fontFiles).size).toBe(fontFiles.length)
    expect(fontFiles.length).toBeGreaterThan(3)
    expect(fontFiles.length).toBeLessThan(60)
    expect(fontFiles.filter((file) => /arabic|hebrew/.test(file))).toEqual([])
  })
  it('draws the first screen of Orders after a sync with the bundled faces, none left in boxes', async () => {
    const { page } = await signedInPage()
    await openCampaign(page, app.sim.campaignIds[2] as number)
    await goTo(page, 'Orders')
    await until(async () => (await page.locator('.order-row').count()) > 10)
    await fontsSettled(page)
    // No search in between: these rows were laid out while their subsets were still loading.
    const backers = await page.locator('.order-row .orders-cell--backer .cell-text').allInnerTexts()
    const cjk = backers.filter((name) => /\p{Script=Hangul}|\p{Script=Han}/u.test(name))
    expect(cjk.length, backers.join(', ')).toBeGreaterThan(0)
    // DejaVu may draw a name's spaces, never its Han or Hangul letters.
    const inBoxes: string[] = []
    for (const name of cjk) {
      const fonts = await fontsDrawing(page, '.order-row .orders-cell--backer .cell-text', name)
      const bySystem = fonts.filter((font) => !font.isCustomFont)
      const others = [...name].filter((c) => !/\p{Script=Hangul}|\p{Script=Han}/u.test(c))
      if (bySystem.reduce((n, font) => n + font.glyphCount, 0) > others.length) inBoxes.push(name)
    }
    expect(inBoxes).toEqual([])
  })
})
