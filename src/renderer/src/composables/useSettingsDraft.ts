import { computed, reactive, watch } from 'vue'
import type { Reactive } from 'vue'
import { useMessage } from 'naive-ui'
import type { AppSettings } from '@shared/ipc'
import { useSettingsStore } from '@renderer/stores/settings'

/**
 * A Settings card's editable copy of some of the app settings: refilled whenever the saved
 * settings change, dirty when saving it would change them, saved with a confirmation message.
 */
export function useSettingsDraft<K extends keyof AppSettings>(options: {
  /** The card's fields, with what they show where the settings hold no value (not loaded yet). */
  defaults: Pick<AppSettings, K>
  /** What Save sends: the draft as main takes it (trimmed, upper case, …). */
  toSave: (draft: Pick<AppSettings, K>) => Pick<AppSettings, K>
  savedText: string
}) {
  const settings = useSettingsStore()
  const message = useMessage()
  const keys = Object.keys(options.defaults) as K[]
  const draft = reactive({ ...options.defaults }) as Reactive<Pick<AppSettings, K>>

  function saved(): Pick<AppSettings, K> {
    const current = settings.settings
    const values = { ...options.defaults }
    for (const key of keys) values[key] = current?.[key] ?? options.defaults[key]
    return values
  }

  watch(
    () => settings.settings,
    () => Object.assign(draft, saved()),
    { immediate: true },
  )

  const dirty = computed(() => {
    const cleaned = options.toSave(draft as Pick<AppSettings, K>)
    const current = saved()
    return keys.some((key) => cleaned[key] !== current[key])
  })

  async function save(): Promise<void> {
    if (await settings.save(options.toSave(draft as Pick<AppSettings, K>)))
      message.success(options.savedText)
  }

  return { draft, dirty, save }
}
