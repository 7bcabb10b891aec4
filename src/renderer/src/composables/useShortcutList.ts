import { ref } from 'vue'

/** Whether the shortcut list (opened with `?`) is on screen: one per window. */
export const shortcutListOpen = ref(false)

export function openShortcutList(): void {
  shortcutListOpen.value = true
}
