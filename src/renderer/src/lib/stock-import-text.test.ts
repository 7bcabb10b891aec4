import { describe, expect, it } from 'vitest'
import type { StockImportResult } from '@shared/ipc'
import { stockImportText } from './stock-import-text'

const result = (over: Partial<StockImportResult>): StockImportResult => ({
  fileName: 'stock.csv',
  read: 2,
  changed: 1,
  problems: [],
  unshipped: [],
  stock: { rows: [] },
  ...over,
})

describe('stockImportText', () => {
  it('says what was read, as a success, when every line counted', () => {
    expect(stockImportText(result({}))).toEqual({
      text: 'Read 2 stock levels from stock.csv: 1 changed.',
      type: 'success',
    })
  })

  it('warns with the lines kept that no order ships, after the lines left out', () => {
    const answer = stockImportText(
      result({
        problems: [{ line: 3, problem: 'no SKU' }],
        unshipped: [{ line: 5, problem: 'no order ships the SKU CAP' }],
      }),
    )
    expect(answer.type).toBe('warning')
    expect(answer.text).toBe(
      'Read 2 stock levels from stock.csv: 1 changed. Left out: line 3 (no SKU). Kept, but line 5 (no order ships the SKU CAP).',
    )
  })

  it('warns even when only an unshipped line needs a look', () => {
    expect(
      stockImportText(
        result({ unshipped: [{ line: 2, problem: 'no order ships TEE (Size: XXL)' }] }),
      ).type,
    ).toBe('warning')
  })
})
