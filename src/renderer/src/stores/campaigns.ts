import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CampaignSummary, DemoCampaign, SyncProgress, SyncSummary } from '@shared/ipc'
import { api, CANCELLED, errorCode, errorMessage, SIGN_IN_REQUIRED } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { useSessionStore } from './session'
import { useShrinkStore } from './shrink'

const CURRENT_KEY = 'perkpack.currentCampaign'

function storedCurrent(): number | null {
  try {
    const value = Number(localStorage.getItem(CURRENT_KEY))
    return Number.isSafeInteger(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

function storeCurrent(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(CURRENT_KEY)
    else localStorage.setItem(CURRENT_KEY, String(id))
  } catch {
    // Storage can be unavailable (private window in the harness); the choice just isn't kept.
  }
}

/**
 * The outcome of the last sync that finished, for the shell to announce. `held`: it found far
 * fewer orders than the offline copy, which is kept until the person chooses (stores/shrink).
 */
export interface SyncOutcome {
  campaignId: number
  kind: 'completed' | 'held' | 'cancelled' | 'failed'
  summary: SyncSummary | null
  message: string | null
  /** Distinguishes two identical outcomes in a row for watchers. */
  seq: number
}

export const useCampaignsStore = defineStore('campaigns', () => {
  const recent = ref<CampaignSummary[]>([])
  const currentId = ref<number | null>(storedCurrent())
  const loading = ref(false)
  const error = ref<string | null>(null)

  /** Campaign being synced, or null. One sync at a time: the engine is already parallel. */
  const syncingId = ref<number | null>(null)
  const progress = ref<SyncProgress | null>(null)
  const cancelling = ref(false)
  const syncError = ref<string | null>(null)
  const lastOutcome = ref<SyncOutcome | null>(null)
  let seq = 0

  /** Names of campaigns opened but not synced yet (the recent list carries the others'). */
  const openedNames = ref<Record<number, string>>({})
  const opening = ref(false)

  const current = computed(() => recent.value.find((c) => c.campaignId === currentId.value) ?? null)

  /** The name a campaign is shown by in the sidebar, the headings and the cards. */
  const nameOf = computed(() => (campaignId: number): string => {
    const summary = recent.value.find((c) => c.campaignId === campaignId)
    return summary?.title ?? openedNames.value[campaignId] ?? `Campaign ${campaignId}`
  })

  /**
   * Opens a campaign by id after main checked it exists (offline: that it has an offline
   * copy), and starts the first sync of one without a copy. Resolves with null when opened,
   * else with main's message; the current campaign stays.
   */
  async function openChecked(campaignId: number): Promise<string | null> {
    opening.value = true
    try {
      const opened = await api().openCampaign({ campaignId })
      openedNames.value = { ...openedNames.value, [campaignId]: opened.name }
      open(campaignId)
      // Opened for the first time, it has nothing to show yet: its first sync starts at once.
      if (!opened.offlineCopy) void sync(campaignId)
      return null
    } catch (e) {
      return errorMessage(e)
    } finally {
      opening.value = false
    }
  }

  /** Names a campaign on this computer; empty goes back to its title or slug. */
  async function rename(campaignId: number, name: string): Promise<string | null> {
    try {
      const renamed = await api().renameCampaign({ campaignId, name })
      openedNames.value = { ...openedNames.value, [campaignId]: renamed.name }
      recent.value = recent.value.map((c) =>
        c.campaignId === campaignId ? { ...c, title: renamed.name } : c,
      )
      return null
    } catch (e) {
      return errorMessage(e)
    }
  }
  const syncing = computed(() => syncingId.value !== null)

  async function loadRecent(): Promise<void> {
    await trackRequest(() => api().recentCampaigns(), {
      busy: loading,
      error,
      apply: (answer) => {
        recent.value = answer
        if (currentId.value === null && answer[0]) open(answer[0].campaignId)
      },
    })
  }

  function open(campaignId: number): void {
    currentId.value = campaignId
    syncError.value = null
    storeCurrent(campaignId)
  }

  /** Syncs the current campaign (or the one given); resolves with the summary, or null. */
  async function sync(campaignId: number | null = currentId.value): Promise<SyncSummary | null> {
    if (campaignId === null || syncingId.value !== null) return null
    syncingId.value = campaignId
    progress.value = null
    cancelling.value = false
    syncError.value = null
    let outcome: Omit<SyncOutcome, 'seq'> | null
    try {
      const summary = await api().syncCampaign({ campaignId })
      if (summary.shrink) useShrinkStore().ask(summary.shrink)
      outcome = { campaignId, kind: summary.shrink ? 'held' : 'completed', summary, message: null }
    } catch (e) {
      const code = errorCode(e)
      if (code === CANCELLED) {
        outcome = { campaignId, kind: 'cancelled', summary: null, message: null }
      } else if (code === SIGN_IN_REQUIRED) {
        // Not a failure to show: the password dialog opens and the sync starts over after it.
        useSessionStore().retryAfterSignIn(`sync:${campaignId}`, () => sync(campaignId))
        outcome = null
      } else {
        syncError.value = errorMessage(e)
        outcome = { campaignId, kind: 'failed', summary: null, message: syncError.value }
      }
    } finally {
      syncingId.value = null
      progress.value = null
      cancelling.value = false
    }
    // Even a failed or cancelled sync may have changed nothing stored, but the list is cheap and
    // after a success it carries the new count and time.
    await loadRecent()
    if (outcome) lastOutcome.value = { ...outcome, seq: ++seq }
    return outcome?.summary ?? null
  }

  /** A smaller copy replaced the offline one after all: announce it like a finished sync. */
  async function replaced(summary: SyncSummary): Promise<void> {
    await loadRecent()
    lastOutcome.value = {
      campaignId: summary.campaignId,
      kind: 'completed',
      summary,
      message: null,
      seq: ++seq,
    }
  }

  async function cancelSync(): Promise<void> {
    if (syncingId.value === null) return
    cancelling.value = true
    try {
      await api().cancelSync({ campaignId: syncingId.value })
    } catch (e) {
      cancelling.value = false
      syncError.value = errorMessage(e)
    }
  }

  /** After sign-out the offline copies are gone: forget them here too. */
  function reset(): void {
    recent.value = []
    currentId.value = null
    storeCurrent(null)
    syncError.value = null
    lastOutcome.value = null
  }

  /** The demo's campaigns to pick from; none when main cannot say (the ID field then). */
  async function demoCampaigns(): Promise<DemoCampaign[]> {
    return api()
      .demoCampaigns()
      .catch(() => [])
  }

  function listen(): () => void {
    return api().onSyncProgress((event) => {
      if (event.campaignId === syncingId.value) progress.value = event
    })
  }

  return {
    recent,
    demoCampaigns,
    currentId,
    current,
    openedNames,
    opening,
    nameOf,
    openChecked,
    rename,
    loading,
    error,
    syncingId,
    syncing,
    progress,
    cancelling,
    syncError,
    lastOutcome,
    loadRecent,
    open,
    sync,
    replaced,
    cancelSync,
    reset,
    listen,
  }
})
