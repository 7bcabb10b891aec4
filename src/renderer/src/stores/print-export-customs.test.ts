import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { outcomeNotice } from '@renderer/lib/export-outcome'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useOrdersStore } from './orders'
import { usePrintExportStore } from './print-export'

const SAVED = { path: '/tmp/tidepool-customs.pdf', orders: 3, pages: 4, cn22: 12 }

function selectOrders() {
  const orders = useOrdersStore()
  orders.campaignId = 1001
  orders.toolbar = { statuses: ['captured'], search: '', country: 'JP' }
  return { campaignId: 1001, filter: orders.currentFilter() }
}

describe('usePrintExportStore: customs forms (CN23)', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it("asks main for the selection's CN23s on the slips' paper and says what was saved", async () => {
    const bridge = fakeBridge({ saveCustomsPdf: () => SAVED })
    const expected = selectOrders()
    const store = usePrintExportStore()
    store.slipPaper = 'a4'
    const outcome = await store.saveCustomsPdf()
    expect(bridge.calls.saveCustomsPdf).toHaveBeenCalledWith({ ...expected, paper: 'a4' })
    expect(outcome).toEqual({ status: 'done', kind: 'customsPdf', value: SAVED })
    expect(outcomeNotice(outcome)).toEqual({
      level: 'success',
      text: 'Saved 3 CN23 customs forms (4 pages) to /tmp/tidepool-customs.pdf',
    })
    expect(store.busy).toBeNull()
  })

  it("shows main's reason when the selection has no CN23, and nothing when the dialog is closed", async () => {
    const reason =
      'None of the 2 selected orders needs a CN23 customs declaration. 2 orders abroad carry their CN22 on the 4×6 label.'
    fakeBridge({ saveCustomsPdf: () => fail('nothing_to_print', reason) })
    selectOrders()
    const store = usePrintExportStore()
    expect(await store.saveCustomsPdf()).toEqual({ status: 'failed', message: reason })
    expect(store.error).toBe(reason)

    fakeBridge({ saveCustomsPdf: () => null })
    expect(await store.saveCustomsPdf()).toEqual({ status: 'cancelled' })
  })
})
