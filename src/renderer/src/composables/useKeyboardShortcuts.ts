import { onBeforeUnmount, onMounted } from 'vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useSessionStore } from '@renderer/stores/session'
import { focusSearch } from './useSearchFocus'

/** Cmd on macOS, Ctrl elsewhere; either is accepted so a PC keyboard on a Mac works too. */
function commandKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey
}

/** Ctrl/Cmd+F focuses the view's search, Ctrl/Cmd+R syncs the current campaign. */
export function handleShortcut(event: KeyboardEvent): void {
  if (!commandKey(event)) return
  const key = event.key.toLowerCase()
  if (key === 'f') {
    if (focusSearch()) event.preventDefault()
  } else if (key === 'r') {
    // Never reload: a reload would drop the screen (and a running sync's progress) for nothing.
    event.preventDefault()
    const session = useSessionStore()
    const campaigns = useCampaignsStore()
    if (session.signedIn && !session.expired && !campaigns.syncing) void campaigns.sync()
  }
}

export function useKeyboardShortcuts(): void {
  onMounted(() => window.addEventListener('keydown', handleShortcut))
  onBeforeUnmount(() => window.removeEventListener('keydown', handleShortcut))
}
