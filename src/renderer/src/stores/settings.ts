import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppSettings, ThemeSetting } from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<AppSettings | null>(null)
  const loading = ref(false)
  const saving = ref(false)
  const error = ref<string | null>(null)

  /** Follows the system until the settings say otherwise (and while they load). */
  const theme = computed<ThemeSetting>(() => settings.value?.theme ?? 'system')

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      settings.value = await api().getSettings()
    } catch (e) {
      error.value = errorMessage(e)
    } finally {
      loading.value = false
    }
  }

  async function save(patch: Partial<AppSettings>): Promise<boolean> {
    saving.value = true
    error.value = null
    try {
      settings.value = await api().updateSettings(patch)
      return true
    } catch (e) {
      error.value = errorMessage(e)
      return false
    } finally {
      saving.value = false
    }
  }

  return { settings, theme, loading, saving, error, load, save }
})
