import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppSettings, ThemeSetting } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<AppSettings | null>(null)
  const loading = ref(false)
  const saving = ref(false)
  const error = ref<string | null>(null)

  /** Follows the system until the settings say otherwise (and while they load). */
  const theme = computed<ThemeSetting>(() => settings.value?.theme ?? 'system')

  const take = (answer: AppSettings) => (settings.value = answer)

  async function load(): Promise<void> {
    await trackRequest(() => api().getSettings(), { busy: loading, error, apply: take })
  }

  async function save(patch: Partial<AppSettings>): Promise<boolean> {
    const outcome = await trackRequest(() => api().updateSettings(patch), {
      busy: saving,
      error,
      apply: take,
    })
    return outcome.ok
  }

  return { settings, theme, loading, saving, error, load, save }
})
