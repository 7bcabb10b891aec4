import { describe, expect, it } from 'vitest'
import { outcomeNotice } from './export-outcome'

describe('outcomeNotice', () => {
  it('words what each button saved or printed', () => {
    expect(
      outcomeNotice({
        status: 'done',
        kind: 'excel',
        value: { path: '/tmp/x.xlsx', orders: 1234, sheets: 1 },
      }),
    ).toEqual({
      level: 'success',
      text: 'Saved the packing list (1,234 orders, 1 sheet) to /tmp/x.xlsx',
    })
    expect(
      outcomeNotice({ status: 'done', kind: 'csv', value: { path: '/x.csv', rows: 1, orders: 1 } })
        ?.text,
    ).toBe('Saved the shipper CSV (1 order, 1 line) to /x.csv')
    expect(outcomeNotice({ status: 'done', kind: 'slips', value: { printed: true } })?.text).toBe(
      'Packing slips sent to the printer.',
    )
    expect(
      outcomeNotice({
        status: 'done',
        kind: 'labelsPdf',
        value: { path: '/l.pdf', savedPdfId: 1, orders: 3 },
      })?.text,
    ).toBe('Saved the labels to /l.pdf')
  })

  it("passes main's message on, says why nothing started, and stays quiet when cancelled", () => {
    expect(outcomeNotice({ status: 'unavailable', message: 'Use Save as PDF.' })).toEqual({
      level: 'warning',
      text: 'Use Save as PDF.',
    })
    expect(outcomeNotice({ status: 'failed', message: 'Could not write /x.pdf.' })?.level).toBe(
      'error',
    )
    expect(outcomeNotice({ status: 'busy' })?.text).toBe('Wait for the current one to finish.')
    expect(outcomeNotice({ status: 'no-campaign' })?.text).toBe('Open a campaign first.')
    expect(outcomeNotice({ status: 'cancelled' })).toBeNull()
  })
})
