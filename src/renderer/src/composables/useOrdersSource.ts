import { onMounted, watch } from 'vue'
import { useCampaignsStore } from '../stores/campaigns'
import { useOrdersStore } from '../stores/orders'

/**
 * Keeps the orders store on the current campaign while a view that shows orders is mounted:
 * opens it, follows a switch to another campaign, and fetches the snapshot again after a sync
 * of it completes (here, or earlier while another view was on screen).
 */
export function useOrdersSource(): void {
  const orders = useOrdersStore()
  const campaigns = useCampaignsStore()

  function refresh(): void {
    void orders.ensureOpen(campaigns.currentId)
  }

  onMounted(() => {
    const summary = campaigns.current
    const opened = orders.campaign
    if (summary && opened && summary.campaignId === opened.campaignId) {
      if (summary.lastSyncedAt !== opened.lastSyncedAt) orders.markStale(summary.campaignId)
    }
    refresh()
  })

  watch(() => campaigns.currentId, refresh)

  watch(
    () => campaigns.lastOutcome,
    (outcome) => {
      if (outcome?.kind !== 'completed') return
      orders.markStale(outcome.campaignId)
      refresh()
    },
  )
}
