import { watch } from 'vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { useOrdersStore } from '@renderer/stores/orders'

/**
 * Keeps the orders store on the current campaign while a view that shows orders is mounted:
 * opens it, follows a switch to another campaign, and fetches the snapshot again after a sync
 * of it completes (here, or earlier while another view was on screen).
 */
export function useOrdersSource(): void {
  const orders = useOrdersStore()
  const campaigns = useCampaignsStore()
  const navigation = useNavigationStore()

  function refresh(): void {
    void orders.ensureOpen(campaigns.currentId)
  }

  // At once, not once mounted: main answers while the view is still being built, which is
  // most of the time it takes to show the first rows.
  const summary = campaigns.current
  const opened = orders.campaign
  if (summary && opened && summary.campaignId === opened.campaignId) {
    if (summary.lastSyncedAt !== opened.lastSyncedAt) orders.markStale(summary.campaignId)
  }
  refresh()

  watch(() => campaigns.currentId, refresh)

  // "Open list" on a pre-print check: show exactly those orders until the person clears it.
  watch(
    () => navigation.ordersList,
    (list) => {
      if (list) void orders.showList(list.title, list.ids)
      else void orders.clearList()
    },
    { immediate: true },
  )

  watch(
    () => campaigns.lastOutcome,
    (outcome) => {
      if (outcome?.kind !== 'completed') return
      orders.markStale(outcome.campaignId)
      refresh()
    },
  )
}
