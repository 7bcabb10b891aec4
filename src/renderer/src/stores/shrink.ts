import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ShrinkChoice, ShrinkPending, SyncSummary } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

/**
 * A sync that found far fewer orders than the offline copy: main holds the new rows and the
 * question; this store shows it and carries the answer back. `resolved` is how the campaigns
 * store learns that a smaller copy replaced the old one.
 */
export const useShrinkStore = defineStore('shrink', () => {
  const pending = ref<ShrinkPending | null>(null)
  const resolving = ref(false)
  const error = ref<string | null>(null)

  function ask(question: ShrinkPending): void {
    pending.value = question
    error.value = null
  }

  /** After a reload: main may still hold a question for the campaign. */
  async function check(campaignId: number): Promise<void> {
    try {
      const question = await api().pendingShrink({ campaignId })
      if (question) ask(question)
    } catch {
      // Only a look: a failure here must not get in the way of opening the campaign.
    }
  }

  /** The summary of the offline copy after the choice, or null when it failed (see `error`). */
  async function resolve(choice: ShrinkChoice): Promise<SyncSummary | null> {
    const question = pending.value
    if (!question || resolving.value) return null
    const outcome = await trackRequest(
      () => api().resolveShrink({ campaignId: question.campaignId, choice }),
      {
        busy: resolving,
        error,
        apply: () => (pending.value = null),
        failed: ({ code }) => {
          // The question is gone in main (a newer sync, a restart): nothing left to choose.
          if (code === 'shrink_not_pending') pending.value = null
        },
      },
    )
    return outcome.ok ? outcome.value : null
  }

  function reset(): void {
    pending.value = null
    error.value = null
  }

  return { pending, resolving, error, ask, check, resolve, reset }
})
