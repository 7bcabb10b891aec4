import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { defineComponent } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { useOrdersStore } from '@renderer/stores/orders'
import { usePrintExportStore } from '@renderer/stores/print-export'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import { SIGN_OUT_LOSES_QUEUED, SIGN_OUT_QUESTION, useSignOut } from './useSignOut'

/** useSignOut as the Settings view has it, inside the providers its message and dialog need. */
function mountSignOut(): ReturnType<typeof useSignOut> {
  const pinia = createPinia()
  setActivePinia(pinia)
  let signOut: ReturnType<typeof useSignOut> | null = null
  const Host = defineComponent({
    setup() {
      signOut = useSignOut()
      return () => null
    },
  })
  mountWithProviders(Host, { pinia })
  return signOut!
}

describe('useSignOut', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('leaves nothing of the deleted copies: no pinned list, filter or export failure for the demo', async () => {
    const fake = fakeBridge({
      saveLabelsPdf: () => fail('export_write_failed', 'The selected order does not ship.'),
    })
    const { signOut } = mountSignOut()
    const campaigns = useCampaignsStore()
    const navigation = useNavigationStore()
    const orders = useOrdersStore()
    const print = usePrintExportStore()
    campaigns.open(1001)
    await orders.open(1001)
    const fresh = orders.currentFilter()
    // Print & export -> Missing address -> "Open list"; a search; "Save as PDF" fails.
    navigation.openOrdersList('Missing address', [4, 9])
    await orders.showList('Missing address', [4, 9])
    await orders.setFilter({ ...orders.toolbar, search: 'ada' })
    await print.saveLabelsPdf()
    expect(print.error).toBe('The selected order does not ship.')

    expect(await signOut()).toBe(true)
    // "Try the demo": its campaign may carry the same id as the deleted one.
    campaigns.open(1001)
    await orders.open(1001)
    expect(fake.calls.queryOrders).toHaveBeenLastCalledWith({ campaignId: 1001, filter: fresh })
    expect([navigation.ordersList, orders.pinnedList, print.error]).toEqual([null, null, null])
  })

  it('names the queued team actions sign-out would lose; waiting is the default and keeps them', async () => {
    const fake = fakeBridge({ sendTeamQueued: () => ({ actions: 3, packs: 2 }) })
    const { confirmSignOut } = mountSignOut()
    await confirmSignOut()
    await flushPromises()
    expect(fake.calls.sendTeamQueued).toHaveBeenCalledOnce()
    expect(document.body.textContent).toContain(SIGN_OUT_LOSES_QUEUED)
    expect(document.body.textContent).toContain('3 actions (2 packs)')
    expect(document.body.textContent).not.toContain(SIGN_OUT_QUESTION)
    buttonByName('Keep waiting').click()
    await flushPromises()
    expect(fake.calls.signOut).not.toHaveBeenCalled()

    await confirmSignOut()
    await flushPromises()
    buttonByName('Sign out and lose them').click()
    await flushPromises()
    expect(fake.calls.signOut).toHaveBeenCalledOnce()
  })

  it('asks the plain question when nothing is queued for the team store', async () => {
    const fake = fakeBridge()
    const { confirmSignOut } = mountSignOut()
    await confirmSignOut()
    await flushPromises()
    expect(document.body.textContent).toContain(SIGN_OUT_QUESTION)
    expect(document.body.textContent).not.toContain(SIGN_OUT_LOSES_QUEUED)
    buttonByName('Sign out and delete').click()
    await flushPromises()
    expect(fake.calls.signOut).toHaveBeenCalledOnce()
  })
})
