import { describe, expect, it } from 'vitest'
import { nothingToPrint } from '../../../../src/main/core/system/perkpack-errors'

describe('a document with nothing in it', () => {
  it('is an empty selection, or a selection none of which ships: two codes, two fixes', () => {
    expect(nothingToPrint('label', 0)).toMatchObject({
      code: 'nothing_selected',
      message: 'No order matches the current filters, so there is no label to print.',
    })
    expect(nothingToPrint('shipper CSV', 3, 'write')).toMatchObject({
      code: 'nothing_to_print',
      message:
        'None of the 3 selected orders ships (a status that does not ship, nothing to ship, or no address: see the pre-print checks), so there is no shipper CSV to write.',
    })
  })
})
