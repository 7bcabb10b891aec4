import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { NetworkStatus } from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'

export const useNetworkStore = defineStore('network', () => {
  const status = ref<NetworkStatus | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  // Unknown counts as online: the badge should only appear once a request really failed.
  const online = computed(() => status.value?.online !== false)

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      status.value = await api().networkStatus()
    } catch (e) {
      error.value = errorMessage(e)
    } finally {
      loading.value = false
    }
  }

  function listen(): () => void {
    return api().onNetworkStatus((next) => {
      status.value = next
    })
  }

  return { status, online, loading, error, load, listen }
})
