import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import type { WaveSummary } from '@shared/ipc'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import { useWavesStore } from '@renderer/stores/waves'
import WaveList from './WaveList.vue'
import WavePlanner from './WavePlanner.vue'

const wave = (name: string, status: WaveSummary['status']): WaveSummary => ({
  name,
  status,
  orderCount: 40,
  packedCount: 12,
  partialCount: 0,
  followUnits: 0,
  createdAt: '2024-05-01T12:00:00.000Z',
  createdBy: 'Desk A',
  closedAt: null,
})

describe('WaveList', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows each wave with its counts, and closes an open one only after the question', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = useWavesStore(pinia)
    store.waves = [wave('Old', 'closed'), wave('March', 'open')]
    const wrapper = mountWithProviders(WaveList, { pinia })
    await flushPromises()
    const items = wrapper.findAll('li.wave')
    expect(items.map((item) => item.find('.name').text())).toEqual(['March', 'Old'])
    expect(items[0]!.text()).toContain('12 of 40 orders packed')
    // Only the open wave has a close button.
    expect(items[1]!.find('button').exists()).toBe(false)

    buttonByName('Close…').click()
    await flushPromises()
    expect(store.close).not.toHaveBeenCalled()
    expect(document.body.textContent).toContain('Close the wave “March”?')
    buttonByName('Close the wave').click()
    await flushPromises()
    expect(store.close).toHaveBeenCalledWith('March')
  })
})

describe('WavePlanner', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('saves a proposal only once it has a name', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = useWavesStore(pinia)
    store.proposal = {
      priority: 'order-number',
      partial: false,
      orderIds: [1, 2, 3],
      partialOrders: 0,
      units: 6,
      waiting: 2,
      short: [
        {
          variantKey: 'TEE|Size=M',
          skuCode: 'TEE',
          choicesText: 'Size: M',
          itemName: 'T-shirt',
          needed: 8,
          onHand: 6,
          short: 2,
        },
      ],
    }
    const wrapper = mountWithProviders(WavePlanner, { pinia })
    await flushPromises()
    expect(wrapper.find('[data-testid="wave-proposal"]').text()).toBe(
      '3 orders · 6 units · 2 orders wait',
    )
    expect(wrapper.find('[data-testid="wave-short"]').text()).toContain('T-shirt · Size: M')
    expect(buttonByName('Save as wave').disabled).toBe(true)
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Wave name"]')!
    input.value = 'March batch'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await flushPromises()
    expect(buttonByName('Save as wave').disabled).toBe(false)
    buttonByName('Save as wave').click()
    await flushPromises()
    expect(store.save).toHaveBeenCalledWith('March batch')
  })
})
