import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { FloorProgress } from '@shared/ipc'
import { api } from '@renderer/api'
import { useLatestRequest } from '@renderer/composables/useLatestRequest'

const NOT_SYNCED = 'campaign_not_synced'

/**
 * The open campaign's progress on the packing floor, from the offline copy and the floor's
 * record (main answers offline). Asked again whenever the view is shown and after an import.
 */
export const useFloorProgressStore = defineStore('floorProgress', () => {
  const campaignId = ref<number | null>(null)
  const progress = shallowRef<FloorProgress | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)
  /** The campaign has no offline copy yet: an empty state, not an error. */
  const notSynced = ref(false)
  /** Only this wave's orders (its frozen list), or the whole campaign. */
  const wave = ref<string | null>(null)
  const requests = useLatestRequest()

  async function load(id: number | null): Promise<void> {
    if (id !== campaignId.value) {
      // Another campaign's bars must never stand under this campaign's name.
      progress.value = null
      campaignId.value = id
      wave.value = null
    }
    if (id === null) {
      requests.drop()
      loading.value = false
      error.value = null
      notSynced.value = false
      return
    }
    const chosen = wave.value
    const request = chosen === null ? { campaignId: id } : { campaignId: id, wave: chosen }
    await requests.run(() => api().floorProgress(request), {
      busy: loading,
      error,
      quiet: [NOT_SYNCED],
      apply: (answer) => {
        progress.value = answer
        notSynced.value = false
      },
      failed: ({ code }) => {
        if (code !== NOT_SYNCED) return
        progress.value = null
        notSynced.value = true
      },
    })
  }

  /** Progress of one wave (null: the whole campaign), asked again at once. */
  async function showWave(name: string | null): Promise<void> {
    wave.value = name
    await load(campaignId.value)
  }

  return { campaignId, progress, loading, error, notSynced, wave, load, showWave }
})
