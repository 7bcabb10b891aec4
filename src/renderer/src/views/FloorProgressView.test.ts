import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { FloorProgress } from '@shared/ipc'
import FloorProgressView from './FloorProgressView.vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import {
  accessibleName,
  buttonByName,
  mountWithProviders,
} from '@renderer/test-utils/mountWithProviders'
import { useNavigationStore } from '@renderer/stores/navigation'
import { useOrderDetailStore } from '@renderer/stores/order-detail'

const PROGRESS: FloorProgress = {
  totals: { toShip: 200, printed: 150, packed: 60, shipped: 20 },
  perks: [
    {
      perkId: 7,
      label: 'Core Game',
      toShip: 120,
      printed: 90,
      packed: 30,
      shipped: 0,
      variants: [
        {
          key: 'TEE|Size=M',
          skuCode: 'TEE',
          itemName: 'Backer T-shirt',
          choices: [{ name: 'Size', value: 'M' }],
          toShip: 80,
          printed: 80,
          packed: 30,
          shipped: 0,
        },
      ],
    },
  ],
  packedButStopped: [],
}

function setup(answer: () => FloorProgress, currentId: number | null = 1001) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const bridge = fakeBridge({ floorProgress: answer })
  useCampaignsStore().currentId = currentId
  const wrapper = mountWithProviders(FloorProgressView, { pinia })
  return { wrapper, bridge }
}

const bar = (name: string) =>
  document.querySelector<HTMLElement>(`[role="progressbar"][aria-label="${name}"]`)

describe('FloorProgressView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the totals as big numbers with bars, and a bar per stage for each perk and variant', async () => {
    const { bridge } = setup(() => PROGRESS)
    await flushPromises()
    expect(bridge.calls.floorProgress).toHaveBeenCalledWith({ campaignId: 1001 })
    const total = (stage: string) =>
      document.querySelector(`[data-testid="total-${stage}"] .number`)?.textContent
    expect([total('toShip'), total('printed'), total('packed'), total('shipped')]).toEqual([
      '200',
      '150',
      '60',
      '20',
    ])
    expect(bar('Packed: all orders to ship')?.getAttribute('aria-valuetext')).toBe(
      '60 of 200 · 30 %',
    )
    const packedFill = bar('Packed: all orders to ship')?.querySelector<HTMLElement>('.fill')
    expect(packedFill?.style.width).toBe('30%')
    expect(bar('Printed: Core Game')?.getAttribute('aria-valuetext')).toBe('90 of 120 · 75 %')
    const variantBar = bar('Printed: Backer T-shirt')
    expect(variantBar?.getAttribute('aria-valuetext')).toBe('80 of 80 · 100 %')
    expect(document.body.textContent).toContain('Size: M · TEE')
    expect(document.querySelector('[data-testid="packed-but-stopped"]')).toBeNull()
  })

  it('says under the totals what they count: fulfilled orders too, each stage on its own', async () => {
    setup(() => PROGRESS)
    await flushPromises()
    const totals = document.querySelector('[aria-label="Campaign totals"]')
    const note = document.getElementById(totals?.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toContain(
      'every order captured, in fulfillment or fulfilled that has something to ship',
    )
    expect(note?.textContent).toContain('Each stage counts on its own')
  })

  it('names each stopped order as its slip does, and opens it in Orders with its drawer', async () => {
    const stopped = [
      { sequenceNumber: 299, orderId: 1873221, contributionId: 5001 },
      { sequenceNumber: null, orderId: 1873240, contributionId: 5002 },
    ]
    const { bridge } = setup(() => ({ ...PROGRESS, packedButStopped: stopped }))
    bridge.calls.orderDetail.mockImplementation(() => new Promise(() => undefined))
    await flushPromises()
    const alert = document.querySelector('[data-testid="packed-but-stopped"]')
    expect(alert?.textContent).toContain(
      '2 packed orders have a status that does not ship since the last sync (refunded, on hold, in dispute, or one PerkPack does not know): take them off the outgoing pile.',
    )
    const buttons = [...(alert?.querySelectorAll('button') ?? [])].map((b) => accessibleName(b))
    expect(buttons).toEqual(['#299 · ID 1873221', 'ID 1873240'])

    buttonByName('#299 · ID 1873221').click()
    await flushPromises()
    expect(useNavigationStore().view).toBe('orders')
    expect(bridge.calls.openOrders).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(bridge.calls.orderDetail).toHaveBeenCalledWith({
      campaignId: 1001,
      contributionId: 5001,
    })
    expect(useOrderDetailStore().contributionId).toBe(5001)
  })

  it('lists the first 12 stopped orders and the rest on asking', async () => {
    const stopped = Array.from({ length: 30 }, (_, i) => ({
      sequenceNumber: 100 + i,
      orderId: 1873200 + i,
      contributionId: 5000 + i,
    }))
    setup(() => ({ ...PROGRESS, packedButStopped: stopped }))
    await flushPromises()
    const orderButtons = () =>
      document.querySelectorAll('[data-testid="packed-but-stopped"] button[data-contribution-id]')
    expect(orderButtons()).toHaveLength(12)

    buttonByName('Show all 30').click()
    await flushPromises()
    expect(orderButtons()).toHaveLength(30)
    expect(accessibleName(orderButtons()[29] as HTMLElement)).toBe('#129 · ID 1873229')
  })

  it('says what to do without a campaign, and without an offline copy', async () => {
    const none = setup(() => PROGRESS, null)
    await flushPromises()
    expect(none.bridge.calls.floorProgress).not.toHaveBeenCalled()
    expect(document.body.textContent).toContain('Open a campaign in Campaigns')
    none.wrapper.unmount()
    document.body.innerHTML = ''

    setup(() => fail('campaign_not_synced', 'Campaign 1001 has no offline copy yet.'))
    await flushPromises()
    expect(document.body.textContent).toContain('no offline copy yet. Sync it in Campaigns')
    expect(document.querySelector('[role="progressbar"]')).toBeNull()
  })

  it('shows another failure as main words it', async () => {
    setup(() => fail('internal', 'The offline cache could not be read. Restart PerkPack.'))
    await flushPromises()
    expect(document.body.textContent).toContain('Progress could not be read')
    expect(document.body.textContent).toContain('The offline cache could not be read.')
  })
})
