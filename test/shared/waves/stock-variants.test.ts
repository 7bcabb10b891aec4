import { describe, expect, it } from 'vitest'
import { fitStockToVariants } from '../../../src/shared/waves/stock-variants'
import type { ShippedVariant } from '../../../src/shared/waves/stock-variants'

const TEE_M: ShippedVariant = { skuCode: 'TEE', choices: [{ name: 'Size', value: 'M' }] }
const TEE_L: ShippedVariant = { skuCode: 'TEE', choices: [{ name: 'Size', value: 'L' }] }
const MUG: ShippedVariant = {
  skuCode: 'MUG',
  choices: [
    { name: 'Colour', value: 'Blue' },
    { name: 'Size', value: 'L' },
  ],
}
const SHIPPED = [TEE_M, TEE_L, MUG]
const line = (at: number, skuCode: string, choices: [string, string][], quantity: number) => ({
  line: at,
  entry: { skuCode, choices: choices.map(([name, value]) => ({ name, value })), quantity },
})

describe('fitStockToVariants', () => {
  it("records a line under the variant's own spelling whatever its case and spacing", () => {
    const fitted = fitStockToVariants([line(2, ' tee ', [['size ', 'm']], 12)], SHIPPED)
    expect(fitted).toEqual({ entries: [{ ...TEE_M, quantity: 12 }], problems: [], unshipped: [] })
  })

  it('takes values without their names when one variant of the SKU has exactly them', () => {
    const fitted = fitStockToVariants(
      [
        line(
          2,
          'MUG',
          [
            ['', 'l'],
            ['', 'BLUE'],
          ],
          3,
        ),
        line(3, 'TEE', [['', 'M']], 7),
      ],
      SHIPPED,
    )
    expect(fitted.entries).toEqual([
      { ...MUG, quantity: 3 },
      { ...TEE_M, quantity: 7 },
    ])
    expect(fitted.unshipped).toEqual([])
  })

  it('keeps a variant no order ships, and names it with the variants of its SKU', () => {
    const fitted = fitStockToVariants(
      [line(4, 'TEE', [['Size', 'Medium']], 5), line(5, 'CAP', [], 9)],
      SHIPPED,
    )
    expect(fitted.entries.map((entry) => entry.quantity)).toEqual([5, 9])
    expect(fitted.unshipped).toEqual([
      {
        line: 4,
        problem: "no order ships TEE (Size: Medium); the orders' TEE: Size: M; Size: L",
      },
      { line: 5, problem: 'no order ships the SKU CAP' },
    ])
  })

  it('leaves out a variant given twice, in any spelling, and names both lines', () => {
    const fitted = fitStockToVariants(
      [
        line(2, 'TEE', [['Size', 'M']], 10),
        line(3, 'TEE', [['Size', 'L']], 4),
        line(7, 'tee', [['', 'm']], 5),
      ],
      SHIPPED,
    )
    expect(fitted.entries).toEqual([{ ...TEE_L, quantity: 4 }])
    expect(fitted.problems.map((p) => p.line)).toEqual([2, 7])
    expect(fitted.problems[0]!.problem).toBe(
      'TEE (Size: M) is on lines 2 and 7: give it one line (add the counts together if it is on two shelves)',
    )
  })

  it('leaves a value alone that two variants of the SKU share unmatched', () => {
    const both: ShippedVariant[] = [
      { skuCode: 'PIN', choices: [{ name: 'Front', value: 'Gold' }] },
      { skuCode: 'PIN', choices: [{ name: 'Back', value: 'Gold' }] },
    ]
    const fitted = fitStockToVariants([line(2, 'PIN', [['', 'Gold']], 1)], both)
    expect(fitted.entries).toEqual([
      { skuCode: 'PIN', choices: [{ name: '', value: 'Gold' }], quantity: 1 },
    ])
    expect(fitted.unshipped).toHaveLength(1)
  })
})
