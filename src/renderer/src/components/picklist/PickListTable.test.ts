import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import type { PickListRow } from '@shared/fulfillment'
import { PICK_LIST } from '@renderer/stores/orders.fixtures'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import PickListTable from './PickListTable.vue'

// A fixture row with a long item name and long choices, as a real campaign's coin set has.
const COINS: PickListRow = {
  ...PICK_LIST[2]!,
  item_name: 'Metal Shell Coins (set of 40) with the velvet pouch and the numbered card',
  choices: [
    { name: 'Finish', value: 'Brushed antique brass' },
    { name: 'Pouch', value: 'Deep sea blue velvet' },
  ],
}

describe('PickListTable', () => {
  it('shows an item and its choices whole, wrapped, never cut short', async () => {
    const wrapper = mountWithProviders(PickListTable, {
      pinia: createTestingPinia({ createSpy: vi.fn }),
      props: { rows: [COINS], sortKey: 'sku', direction: 'asc' },
    })
    await flushPromises()
    const cells = wrapper.findAll('tbody td').map((td) => td.text())
    expect(cells).toContain(COINS.item_name)
    expect(cells).toContain('Finish: Brushed antique brass, Pouch: Deep sea blue velvet')
    // naive-ui's one-line cut (its `ellipsis` column option) wraps the cell's text in this span.
    expect(wrapper.findAll('tbody .n-data-table-td__ellipsis')).toHaveLength(0)
    wrapper.unmount()
  })
})
