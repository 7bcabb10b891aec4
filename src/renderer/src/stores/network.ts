import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { NetworkStatus } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

export const useNetworkStore = defineStore('network', () => {
  const status = ref<NetworkStatus | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  // Unknown counts as online: the badge should only appear once a request really failed.
  const online = computed(() => status.value?.online !== false)

  async function load(): Promise<void> {
    await trackRequest(() => api().networkStatus(), {
      busy: loading,
      error,
      apply: (answer) => (status.value = answer),
    })
  }

  function listen(): () => void {
    return api().onNetworkStatus((next) => {
      status.value = next
    })
  }

  return { status, online, loading, error, load, listen }
})
