import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { CampaignSummary, DashboardImportPreview } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { useCampaignsStore } from './campaigns'
import { useNavigationStore } from './navigation'
import { useSessionStore } from './session'

/** What the last import wrote, for the message after the dialog closes. */
export interface DashboardImported {
  campaign: CampaignSummary
  fileName: string
  problemRows: number
  /** Distinguishes two identical imports in a row for watchers. */
  seq: number
}

/**
 * "Import from a dashboard file": the campaign it is for, the file (main's dialog), main's
 * preview of it, then "Replace the campaign's orders" writing exactly that preview. From the
 * sign-in screen it asks for the campaign's id and a name, and opens the campaign offline.
 */
export const useDashboardStore = defineStore('dashboard', () => {
  const show = ref(false)
  const fromSignIn = ref(false)
  /** No campaign given: the dialog asks for its id and a name for it on this computer. */
  const asksId = ref(false)
  /** Given by the campaign the dialog was opened from; asked for on the sign-in screen. */
  const campaignId = ref<number | null>(null)
  const name = ref('')
  const preview = shallowRef<DashboardImportPreview | null>(null)
  /** The file changed on disk after it was previewed: this preview is of it as it is now. */
  const changed = ref(false)
  /** The person is asked whether a much smaller file may replace the copy. */
  const askShrink = ref(false)
  const choosing = ref(false)
  const importing = ref(false)
  const error = ref<string | null>(null)
  /** Why the campaign ID typed cannot be used: shown at the field. */
  const idProblem = ref<string | null>(null)
  const imported = shallowRef<DashboardImported | null>(null)
  let seq = 0

  function discard(): void {
    const shown = preview.value
    preview.value = null
    changed.value = false
    askShrink.value = false
    // Main holds the rows read (a whole campaign): let go of them now, not when they expire.
    if (shown)
      void api()
        .discardDashboardPreview({ previewId: shown.previewId })
        .catch(() => false)
  }

  function start(options: { campaignId?: number | null; fromSignIn?: boolean } = {}): void {
    discard()
    campaignId.value = options.campaignId ?? null
    fromSignIn.value = options.fromSignIn === true
    asksId.value = campaignId.value === null
    name.value = ''
    error.value = null
    idProblem.value = null
    show.value = true
  }

  async function chooseFile(): Promise<void> {
    const id = campaignId.value
    if (id === null || !Number.isSafeInteger(id) || id <= 0) {
      idProblem.value =
        'Enter the campaign ID: the number in the campaign’s dashboard address (…/campaigns/<id>/…).'
      return
    }
    idProblem.value = null
    discard()
    await trackRequest(() => api().previewDashboardImport({ campaignId: id }), {
      busy: choosing,
      error,
      // null: the dialog was cancelled; the form stays as it was.
      apply: (answer) => (preview.value = answer),
    })
  }

  /** "Replace the campaign's orders"; a much smaller file asks first (`askShrink`). */
  async function replace(): Promise<boolean> {
    const shown = preview.value
    if (!shown || importing.value) return false
    if (shown.shrink && !askShrink.value) {
      askShrink.value = true
      return false
    }
    const request = {
      campaignId: shown.campaignId,
      previewId: shown.previewId,
      ...(askShrink.value ? { acceptShrink: true } : {}),
      ...(asksId.value && name.value.trim() ? { name: name.value.trim() } : {}),
    }
    const outcome = await trackRequest(() => api().importDashboardFile(request), {
      busy: importing,
      error,
      failed: ({ code }) => {
        // The copy grew since the preview: the message says so, the question is asked.
        if (code === 'sync_shrank') askShrink.value = true
        if (code === 'dashboard_preview_gone') preview.value = null
      },
    })
    if (!outcome.ok) return false
    const answer = outcome.value
    if (answer.outcome === 'changed') {
      preview.value = answer.preview
      changed.value = true
      askShrink.value = false
      return false
    }
    preview.value = null
    show.value = false
    const campaigns = useCampaignsStore()
    if (fromSignIn.value) useSessionStore().workOffline(true)
    await campaigns.loadRecent()
    campaigns.open(shown.campaignId)
    if (fromSignIn.value) useNavigationStore().go('orders')
    imported.value = {
      campaign: answer.campaign,
      fileName: answer.fileName,
      problemRows: answer.problemRows,
      seq: ++seq,
    }
    return true
  }

  function cancel(): void {
    discard()
    error.value = null
    show.value = false
  }

  return {
    show,
    fromSignIn,
    asksId,
    campaignId,
    name,
    preview,
    changed,
    askShrink,
    choosing,
    importing,
    error,
    idProblem,
    imported,
    start,
    chooseFile,
    replace,
    cancel,
  }
})
