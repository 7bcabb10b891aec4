import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { SignupsResult } from '@shared/ipc'
import { api, SIGN_IN_REQUIRED } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { useCampaignsStore } from './campaigns'
import { useSessionStore } from './session'

export const useSignupsStore = defineStore('signups', () => {
  // Lists can be long and are replaced whole: no deep reactivity needed.
  const result = shallowRef<SignupsResult | null>(null)
  const search = ref('')
  const loading = ref(false)
  const error = ref<string | null>(null)

  const signups = computed(() => result.value?.signups ?? [])
  const filtered = computed(() => {
    const needle = search.value.trim().toLowerCase()
    if (!needle) return signups.value
    return signups.value.filter((s) => s.email.toLowerCase().includes(needle))
  })

  /** `refresh` asks the API even when an offline copy exists. */
  async function load(refresh = false): Promise<void> {
    const campaignId = useCampaignsStore().currentId
    if (campaignId === null) {
      result.value = null
      return
    }
    if (result.value && result.value.campaignId !== campaignId) result.value = null
    await trackRequest(() => api().signups({ campaignId, refresh }), {
      busy: loading,
      error,
      quiet: [SIGN_IN_REQUIRED],
      apply: (answer) => (result.value = answer),
      failed: ({ code }) => {
        if (code === SIGN_IN_REQUIRED)
          useSessionStore().retryAfterSignIn(`signups:${campaignId}`, () => load(refresh))
      },
    })
  }

  function reset(): void {
    result.value = null
    search.value = ''
    error.value = null
  }

  return { result, signups, filtered, search, loading, error, load, reset }
})
