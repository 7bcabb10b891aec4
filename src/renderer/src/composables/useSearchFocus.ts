/**
 * Ctrl/Cmd+F: focus the search field of the view on screen.
 *
 * A view (or component) with a search box registers it during setup:
 *
 *     const searchInput = ref<InputInst | null>(null)   // <n-input ref="searchInput" ...>
 *     useSearchFocus(searchInput)
 *
 * - `useSearchFocus(target)`: `target` is a ref to anything with a `focus()` method (a naive-ui
 *   `NInput` instance, an `HTMLInputElement`). It is registered from `onMounted` until
 *   `onBeforeUnmount`; the most recently mounted registration wins, so the view on screen owns
 *   the shortcut and the previous one gets it back when that view goes away.
 * - `focusSearch()`: focuses (and selects the text of) the active search field; returns false
 *   when no mounted view has one, so the caller can let the key through.
 *
 * The keydown listener itself lives in `useKeyboardShortcuts` (installed once by the shell).
 */
import { onBeforeUnmount, onMounted } from 'vue'
import type { Ref } from 'vue'

export interface Focusable {
  focus: () => void
  select?: () => void
}

type Target = Readonly<Ref<Focusable | null | undefined>>

const registered: Target[] = []

export function useSearchFocus(target: Target): void {
  onMounted(() => {
    registered.push(target)
  })
  onBeforeUnmount(() => {
    const index = registered.lastIndexOf(target)
    if (index !== -1) registered.splice(index, 1)
  })
}

export function focusSearch(): boolean {
  for (let i = registered.length - 1; i >= 0; i--) {
    const field = registered[i]?.value
    if (!field) continue
    field.focus()
    field.select?.()
    return true
  }
  return false
}
