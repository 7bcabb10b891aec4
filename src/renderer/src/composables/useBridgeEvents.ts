import { onBeforeUnmount, onMounted } from 'vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useJobsStore } from '@renderer/stores/jobs'
import { useNetworkStore } from '@renderer/stores/network'
import { usePrintExportStore } from '@renderer/stores/print-export'
import { useSlipBatchesStore } from '@renderer/stores/print-export-slips'
import { useSessionStore } from '@renderer/stores/session'
import { useTeamStore } from '@renderer/stores/team'

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
      useSlipBatchesStore().listen(),
      useTeamStore().listen(),
    ]
  })
  onBeforeUnmount(() => {
    for (const off of unsubscribe) off()
    unsubscribe = []
  })
}
