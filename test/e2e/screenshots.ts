/**
 * Pictures of the screens for a person to look at (test-results/e2e, not committed): taken only
 * when PERKPACK_E2E_SCREENSHOTS=1 asks for them, since no test reads them and they were a good
 * part of the e2e phase (each themed set is four captures and four window resizes). The window
 * ends as it would after them (light, at `restore`) either way, so a test runs the same steps
 * with and without. A failed test's screenshot is always taken (`failureScreenshot`).
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { ROOT } from '../../src/web/server'

export const SCREENSHOTS = path.join(ROOT, 'test-results', 'e2e')

/** `PERKPACK_E2E_SCREENSHOTS=1 sh scripts/with-keyring.sh npx vitest run --project e2e`. */
export const SCREENSHOTS_WANTED = process.env.PERKPACK_E2E_SCREENSHOTS === '1'

async function capture(page: Page, name: string): Promise<void> {
  // Transitions finished, so a drawer or dialog is shown where it comes to rest.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' })
}

/** The page as it is, `<name>.png`, when screenshots are asked for. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS_WANTED) await capture(page, name)
}

/** The page when a test failed, `failed-<name>.png`: always, it is what explains the failure. */
export function failureScreenshot(page: Page, name: string): Promise<void> {
  return capture(page, `failed-${name}`)
}

/**
 * Light and dark, at the two window sizes people use (`<name>-<scheme>-<w>x<h>.png`), when
 * asked for. Leaves the page light at `restore`.
 */
export async function themedScreenshots(
  page: Page,
  name: string,
  restore = { width: 1280, height: 800 },
  sizes: ReadonlyArray<readonly [number, number]> = [
    [1280, 720],
    [1440, 900],
  ],
): Promise<void> {
  if (SCREENSHOTS_WANTED) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height })
        await capture(page, `${name}-${scheme}-${width}x${height}`)
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
  const now = page.viewportSize()
  if (now?.width !== restore.width || now.height !== restore.height) {
    await page.setViewportSize(restore)
  }
}

/** Light and dark at the page's size (`<name>-<scheme>-<w>x<h>.png`), when asked for. */
export async function schemeScreenshots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await capture(page, `${name}-${scheme}-${width}x${height}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The first page of a PDF as `<name>-1.png` beside the screenshots, when asked for. */
export function pdfPicture(pdf: string, name: string): void {
  if (!SCREENSHOTS_WANTED) return
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    pdf,
    path.join(SCREENSHOTS, name),
  ])
}
