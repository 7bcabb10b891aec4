import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import type { SmallLabelAddresses } from '@shared/ipc'
import { useNavigationStore } from '@renderer/stores/navigation'
import { usePrintExportStore } from '@renderer/stores/print-export'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import SmallAddressNote from './SmallAddressNote.vue'

const SMALL: SmallLabelAddresses = {
  layout: 'avery5160',
  readablePt: 7,
  count: 23,
  smallestPt: 5.5,
  orders: [
    { contributionId: 11, sequenceNumber: 48, fontPt: 6 },
    { contributionId: 12, sequenceNumber: null, fontPt: 5.5 },
  ],
  contributionIds: [11, 12],
}

function mountNote(value: SmallLabelAddresses) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { printExport: { smallAddresses: { value, loading: false, error: null } } },
  })
  const wrapper = mountWithProviders(SmallAddressNote, { pinia })
  return { wrapper, store: usePrintExportStore(pinia), navigation: useNavigationStore(pinia) }
}

describe('SmallAddressNote', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('names the orders Avery 5160 prints too small and switches to 4×6 on a click', async () => {
    const { wrapper, store } = mountNote(SMALL)
    expect(wrapper.get('[data-testid="small-addresses"]').text()).toContain(
      '23 addresses fit Avery 5160 labels only below 7 pt (down to 5.5 pt): #48, contribution 12 and 21 more. On 4×6 labels they print at a readable size.',
    )
    buttonByName('Use 4×6 labels').click()
    await flushPromises()
    expect(store.labels.layout).toBe('thermal4x6')
    // The answer was about Avery 5160: it says nothing about 4×6.
    expect(wrapper.find('[data-testid="small-addresses"]').exists()).toBe(false)
  })

  it('opens them as a list in Orders', () => {
    const { navigation } = mountNote(SMALL)
    buttonByName('Open list').click()
    expect(navigation.openOrdersList).toHaveBeenCalledWith(
      'Addresses too small on Avery 5160',
      [11, 12],
    )
  })

  it('says nothing when every address is readable', () => {
    const { wrapper } = mountNote({ ...SMALL, count: 0, orders: [], contributionIds: [] })
    expect(wrapper.find('[data-testid="small-addresses"]').exists()).toBe(false)
  })
})
