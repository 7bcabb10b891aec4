import { onBeforeUnmount, onMounted } from 'vue'
import { useCampaignsStore } from '../stores/campaigns'
import { useJobsStore } from '../stores/jobs'
import { useNetworkStore } from '../stores/network'
import { usePrintExportStore } from '../stores/printExport'
import { useSessionStore } from '../stores/session'

/** Subscribes the stores to main's events once, for as long as the shell is mounted. */
export function useBridgeEvents(): void {
  let unsubscribe: (() => void)[] = []
  onMounted(() => {
    unsubscribe = [
      useSessionStore().listen(),
      useCampaignsStore().listen(),
      useJobsStore().listen(),
      useNetworkStore().listen(),
      usePrintExportStore().listen(),
    ]
  })
  onBeforeUnmount(() => {
    for (const off of unsubscribe) off()
    unsubscribe = []
  })
}
