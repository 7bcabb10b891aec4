import { watch } from 'vue'
import { useLoadingBar, useMessage } from 'naive-ui'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { formatDuration, formatNumber } from '@renderer/lib/locale-format'
import { syncLeftBehindText } from '@shared/dashboard/floor-left-behind'
import { NOT_ON_TEAM_TEXT } from '@shared/api/hidden-fields-text'

/**
 * A sync can be started from anywhere (Ctrl/Cmd+R, the demo, a retry after the password
 * dialog), so its feedback lives in the shell: the loading bar while it runs, then a message,
 * and Orders opens once there is something new to show.
 */
export function useSyncFeedback(): void {
  const campaigns = useCampaignsStore()
  const navigation = useNavigationStore()
  const message = useMessage()
  const loadingBar = useLoadingBar()

  watch(
    () => campaigns.syncing,
    (running) => {
      if (running) loadingBar.start()
      else loadingBar.finish()
    },
  )

  watch(
    () => campaigns.lastOutcome,
    (outcome) => {
      if (!outcome) return
      if (outcome.kind === 'completed' && outcome.summary) {
        const { count, elapsedMs } = outcome.summary
        message.success(
          `Synced ${formatNumber(count)} orders in ${formatDuration(elapsedMs)}. The offline copy is up to date.`,
        )
        const left = outcome.summary.floorLeftBehind
        if (left > 0) message.warning(syncLeftBehindText(left), { duration: 0, closable: true })
        if (outcome.summary.notOnTeam) {
          // Not for ever: it would sit over a dialog's buttons; the pre-print checks keep saying it.
          message.warning(NOT_ON_TEAM_TEXT, { duration: 15_000, closable: true })
        }
        if (outcome.campaignId === campaigns.currentId) navigation.go('orders')
      } else if (outcome.kind === 'held') {
        // The shrink dialog asks; a message on top of it would only repeat it.
      } else if (outcome.kind === 'cancelled') {
        const hasCopy = campaigns.recent.some((c) => c.campaignId === outcome.campaignId)
        message.info(
          hasCopy
            ? 'Sync cancelled. The last complete offline copy is kept.'
            : 'Sync cancelled. Nothing was stored: the campaign has no offline copy yet.',
        )
      } else if (navigation.view !== 'campaigns') {
        // On Campaigns the sync panel already shows the failure next to "Sync now".
        message.error(`Sync failed: ${outcome.message ?? 'unknown error'}`, { duration: 8000 })
      }
    },
  )
}
