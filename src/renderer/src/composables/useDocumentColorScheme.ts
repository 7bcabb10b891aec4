import { watchEffect } from 'vue'
import type { Ref } from 'vue'

/**
 * Tells the browser which scheme the page is drawn in, so what it draws itself (scrollbars,
 * native controls) follows the app's theme: without it they stay light on the dark theme.
 */
export function useDocumentColorScheme(dark: Readonly<Ref<boolean>>): void {
  watchEffect(() => {
    document.documentElement.style.colorScheme = dark.value ? 'dark' : 'light'
  })
}
