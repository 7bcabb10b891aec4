/**
 * Finding orders in Chromium through the web harness: a search finds SKU codes and choice
 * values and every row it shows says where its terms were found; the country filter names each
 * country with its orders and finds it by part of its name or by its code.
 */
import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { countryCode } from '../../src/shared/address'
import { filterContributions } from '../../src/shared/fulfillment'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import { count, goTo, themedScreenshots, useE2eApp } from './support'

const app = useE2eApp({
  name: 'orders-find',
  simulator: { contributions: 400, faults: { latencyMs: 0 } },
})
let synced: Promise<void> | null = null

/** Signed in, the campaign synced, Orders on screen: once, by whichever test runs first. */
async function ordersOnScreen(): Promise<void> {
  synced ??= app.openAndSync().then(() => undefined)
  await synced
  await goTo(app.page, 'Orders')
  await app.page.locator('.order-row').first().waitFor()
}

function rows(): CampaignContribution[] {
  return servedModels(servedListing(app.sim, app.campaignId, true))
}

async function ordersShown(): Promise<number> {
  const text = await app.page.locator('.orders-filter-bar .count').innerText()
  return count(/([\d,]+) orders?/.exec(text)?.[1] ?? 'NaN')
}

async function search(text: string): Promise<void> {
  const input = app.page.getByLabel('Search orders')
  await input.fill(text)
  await input.press('Enter')
}

/** What each row on screen marks: in its cells, and on its "Matched" line. */
async function marksOnScreen(): Promise<
  Array<{ cells: string[]; matched: string; marked: string[] }>
> {
  return app.page.locator('.order-row').evaluateAll((rows) =>
    rows.map((row) => ({
      cells: [...row.querySelectorAll('.orders-cell--backer mark')].map((m) => m.textContent ?? ''),
      matched: row.querySelector('[aria-label="Matched"]')?.textContent?.trim() ?? '',
      marked: [...row.querySelectorAll('[aria-label="Matched"] mark')].map(
        (m) => m.textContent ?? '',
      ),
    })),
  )
}

describe('searching orders', () => {
  it('finds SKU codes and choice values, and every row shows what it matched', async () => {
    await ordersOnScreen()
    const all = rows()
    const codes = all.flatMap((r) => r.order.perks.flatMap((p) => p.items.map((i) => i.sku.code)))
    // A code held by some orders and not all: its last part ("SND-M"), as a person types it.
    const code = codes.find((c) => /-[A-Z]{3}-[A-Z]+$/.test(c)) ?? codes[0]!
    const part = code.split('-').slice(-2).join('-')
    const choice = all
      .flatMap((r) => r.order.perks.flatMap((p) => p.items.flatMap((i) => i.sku.choices)))
      .find((c) => c.value.length > 3)!.value

    // Each search with the "Matched" line its first row must show.
    for (const [text, kind, matchedLine] of [
      [part, 'SKU', new RegExp(`^Matched: .*SKU .*${part}`)],
      [choice, 'choice', new RegExp(`^Matched: .*${choice}`)],
    ] as const) {
      const expected = filterContributions(all, { search: text }).length
      expect(expected, text).toBeGreaterThan(0)
      await search(text)
      await expect.poll(ordersShown).toBe(expected)
      await expect.poll(async () => (await marksOnScreen()).length).toBeGreaterThan(0)
      const shown = await marksOnScreen()
      // Each row marks the text it was found by, in its cells or on its "Matched" line.
      const unmarked = shown.filter((r) => r.cells.length === 0 && r.marked.length === 0)
      expect(unmarked, `${kind} "${text}"`).toEqual([])
      const folded = text.toLowerCase()
      expect(
        shown.every((r) => [...r.cells, ...r.marked].some((m) => m.toLowerCase() === folded)),
      ).toBe(true)
      expect(shown[0]!.matched, kind).toMatch(matchedLine)
    }
    await search(part)
    await expect.poll(async () => (await marksOnScreen()).length).toBeGreaterThan(0)
    await themedScreenshots(app.page, 'orders-sku-search', { width: 1280, height: 800 }, [
      [1280, 800],
      [1440, 900],
    ])
    await search('')
    await expect.poll(ordersShown).toBe(filterContributions(all).length)
    expect(await app.page.locator('[aria-label="Matched"]').count()).toBe(0)
    expect(app.pageErrors).toEqual([])
  })
})

describe('the country filter', () => {
  it('names countries with their orders, finds them by name or code, and filters by them', async () => {
    await ordersOnScreen()
    const all = rows()
    const perCountry = new Map<string, number>()
    for (const row of all) {
      const country = row.order.shipping?.country?.trim()
      if (country) perCountry.set(country, (perCountry.get(country) ?? 0) + 1)
    }
    const names = new Intl.DisplayNames(['en'], { type: 'region' })
    const label = (country: string) =>
      `${names.of(countryCode(country) ?? country)} (${perCountry.get(country)!.toLocaleString('en-US')})`
    const select = app.page.getByLabel('Country', { exact: true })
    const options = app.page.locator('.n-base-select-option')
    const typed = async (text: string) => {
      await select.click()
      await app.page.keyboard.type(text)
      await expect.poll(() => options.count()).toBeGreaterThan(0)
      return (await options.allInnerTexts()).map((t) => t.trim())
    }
    const united = [...perCountry.keys()].filter((c) =>
      names.of(countryCode(c) ?? c)?.startsWith('United'),
    )
    expect(united.length).toBeGreaterThan(1)
    expect(await typed('United')).toEqual(united.map(label).sort())
    await themedScreenshots(app.page, 'orders-country-filter-open', { width: 1280, height: 800 }, [
      [1280, 800],
      [1440, 900],
    ])
    await app.page.keyboard.press('Escape')
    // A code still finds its country, and only it.
    expect(await typed('US')).toEqual([label('US')])
    await options.first().click()
    const inUs = filterContributions(all, { country: 'US' }).length
    await expect.poll(ordersShown).toBe(inUs)
    const countries = await app.page
      .locator('.order-row [role="cell"].orders-cell--country')
      .allInnerTexts()
    expect(new Set(countries.map((c) => c.trim()))).toEqual(new Set(['US']))
    expect(app.pageErrors).toEqual([])
    // Every country again: the search test counts the orders of the default filter.
    await select.hover()
    await select.locator('.n-base-clear').click()
    await expect.poll(ordersShown).toBe(filterContributions(all).length)
  })
})
