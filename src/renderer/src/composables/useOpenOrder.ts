import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { useOrderDetailStore } from '@renderer/stores/order-detail'
import { useOrdersStore } from '@renderer/stores/orders'

/**
 * Opens one order of the current campaign in Orders, its drawer open: from another view (an
 * order Progress names), where the person checks it.
 */
export function useOpenOrder(): (contributionId: number) => Promise<void> {
  const campaigns = useCampaignsStore()
  const navigation = useNavigationStore()
  const orders = useOrdersStore()
  const detail = useOrderDetailStore()
  return async (contributionId) => {
    // The campaign is set on the orders store at once (the drawer asks main under it) and
    // before the drawer opens: switching it closes the drawer.
    const opening = orders.ensureOpen(campaigns.currentId)
    navigation.go('orders')
    await Promise.all([opening, detail.open(contributionId)])
  }
}
