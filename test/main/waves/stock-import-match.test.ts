import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { base64, cleanupApps, csvCell, levelOf, syncedApp } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

// A stock file from a warehouse spells variants its own way. Before, a line "tee,size: m" was
// stored under a key of its own: the table showed TEE (Size: M) as never counted and the planner
// shipped none of it; a variant on two lines took the last count. Through the real handler table.

let app: TestApp
let campaignId: number

beforeAll(async () => {
  ;({ app, campaignId } = await syncedApp(80))
}, 60_000)
afterAll(cleanupApps)

describe('waves:importStock matches lines to the variants the orders ship', () => {
  it('counts a variant spelled in another case, names a mistyped one and a doubled one', async () => {
    const stock = await app.value('waves:stock', { campaignId })
    const [first, second, third] = stock.rows.filter((row) => row.choices.length > 0)
    const text = [
      'sku,choices,quantity',
      `${csvCell(first!.skuCode.toLowerCase())},${csvCell(first!.choicesText.toUpperCase())},12`,
      `${csvCell(second!.skuCode)},${csvCell(`${second!.choicesText}x`)},5`,
      `${csvCell(third!.skuCode)},${csvCell(third!.choicesText)},4`,
      `${csvCell(third!.skuCode)},${csvCell(third!.choicesText)},9`,
    ].join('\n')
    const result = await app.value('waves:importStock', {
      campaignId,
      fileName: 'warehouse.csv',
      contentBase64: base64(text),
    })

    expect(levelOf(result.stock, first!.variantKey)).toBe(12)
    expect(result.unshipped).toEqual([
      { line: 3, problem: expect.stringContaining(`no order ships ${second!.skuCode} (`) },
    ])
    expect(levelOf(result.stock, second!.variantKey)).toBeNull()
    expect(result.problems.map((problem) => problem.line)).toEqual([4, 5])
    expect(result.problems[0]!.problem).toContain('is on lines 4 and 5')
    expect(levelOf(result.stock, third!.variantKey)).toBeNull()
    expect(result).toMatchObject({ read: 2, changed: 2 })
  })
})
