import { onBeforeUnmount, onMounted } from 'vue'
import { viewForKey } from '@renderer/lib/shortcut-list'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { useSessionStore } from '@renderer/stores/session'
import { focusSearch } from './useSearchFocus'
import { openShortcutList } from './useShortcutList'

/** Cmd on macOS, Ctrl elsewhere; either is accepted so a PC keyboard on a Mac works too. */
function commandKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey
}

/** Where a typed `?` is text, not a shortcut. */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * The digit of Ctrl/Cmd+digit, by the physical key where the browser says (an AZERTY keyboard
 * types "&" on the 1 key without Shift), else by the character.
 */
function digitOf(event: KeyboardEvent): number | null {
  const code = /^(?:Digit|Numpad)([1-9])$/.exec(event.code ?? '')
  if (code) return Number(code[1])
  return /^[1-9]$/.test(event.key) ? Number(event.key) : null
}

/**
 * The side menu is on screen: signed in, in the demo, or working from imported files. The
 * same flag AppWorkspace shows the workspace (and the shortcut list) by.
 */
function workspaceOpen(): boolean {
  return useSessionStore().inWorkspace
}

/**
 * Ctrl/Cmd+F focuses the view's search, Ctrl/Cmd+R syncs the current campaign, Ctrl/Cmd+1..9
 * open the views in side-menu order (9 the last) and Ctrl/Cmd+, Settings, `?` lists them all
 * (lib/shortcut-list.ts).
 */
export function handleShortcut(event: KeyboardEvent): void {
  if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
    if (typingTarget(event.target) || !workspaceOpen()) return
    event.preventDefault()
    openShortcutList()
    return
  }
  if (!commandKey(event)) return
  const key = event.key.toLowerCase()
  const digit = digitOf(event)
  const view = viewForKey(digit === null ? event.key : String(digit))
  if (view !== null) {
    if (!workspaceOpen()) return
    event.preventDefault()
    useNavigationStore().go(view)
  } else if (key === 'f') {
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
