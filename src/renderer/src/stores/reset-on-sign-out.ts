import { useAccountStore } from './account'
import { useCampaignsStore } from './campaigns'
import { useFloorProgressStore } from './floor-progress'
import { useJobsStore } from './jobs'
import { useNavigationStore } from './navigation'
import { useOrdersStore } from './orders'
import { useFloorStationStore } from './floor-station'
import { useProblemsStore } from './problems'
import { useSavedPdfStore } from './saved-pdf'
import { useShrinkStore } from './shrink'
import { useSignupsStore } from './signups'
import { useFloorTrackingStore } from './floor-tracking'
import { useWavesStore } from './waves'
import { useCatalogStore } from './catalog'

/**
 * Sign-out deleted every offline copy: each store of a campaign's data goes back to empty, so
 * nothing of the deleted copies (a list of its order ids pinned as a filter, an export's
 * failure) is shown over the next account's or the demo's, whose campaign ids may be the same.
 * The one list of them: a new store of campaign data is added here. The order drawer and
 * Print & export follow the orders store's campaign (stores/orderDetail.ts, printExport.ts).
 */
export function resetStoresOnSignOut(): void {
  useCampaignsStore().reset()
  useJobsStore().reset()
  useSignupsStore().reset()
  useAccountStore().reset()
  useProblemsStore().reset()
  useShrinkStore().reset()
  useNavigationStore().clearOrdersList()
  useOrdersStore().reset()
  useFloorStationStore().close()
  void useFloorProgressStore().load(null)
  useFloorTrackingStore().forCampaign(null)
  useSavedPdfStore().reset()
  void useWavesStore().forCampaign(null)
  void useCatalogStore().forCampaign(null)
}
