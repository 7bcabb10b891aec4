import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppInfo } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  async function load(): Promise<void> {
    await trackRequest(() => api().appInfo(), {
      busy: loading,
      error,
      apply: (answer) => (info.value = answer),
    })
  }

  return { info, loading, error, load }
})
