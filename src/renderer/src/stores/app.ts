import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppInfo } from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      info.value = await api().appInfo()
    } catch (e) {
      error.value = errorMessage(e)
    } finally {
      loading.value = false
    }
  }

  return { info, loading, error, load }
})
