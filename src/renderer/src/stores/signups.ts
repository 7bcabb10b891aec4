import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { SignupsExportResult, SignupsFileFormat, SignupsResult } from '@shared/ipc'
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
  /** The file type being saved now, or null. */
  const exporting = ref<SignupsFileFormat | null>(null)
  const exportError = ref<string | null>(null)

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

  /** Every sign-up to a file the person picks; null when they cancelled the dialog. */
  async function exportFile(format: SignupsFileFormat): Promise<SignupsExportResult | null> {
    const campaignId = useCampaignsStore().currentId
    if (campaignId === null || exporting.value !== null) return null
    exporting.value = format
    try {
      const outcome = await trackRequest(() => api().exportSignups({ campaignId, format }), {
        error: exportError,
      })
      return outcome.ok ? outcome.value : null
    } finally {
      exporting.value = null
    }
  }

  function reset(): void {
    result.value = null
    search.value = ''
    error.value = null
    exportError.value = null
  }

  return {
    result,
    signups,
    filtered,
    search,
    loading,
    error,
    exporting,
    exportError,
    load,
    exportFile,
    reset,
  }
})
