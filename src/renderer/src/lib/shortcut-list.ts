import type { ViewName } from '@renderer/stores/navigation'
import { VIEW_LABELS, viewForDigit } from './view-menu'

export interface ShortcutEntry {
  /** The keys as shown, one string per key: ['Ctrl', '1']. */
  keys: string[]
  /** The keys are alternatives (↑ or ↓), not pressed together. */
  either?: boolean
  what: string
}

export interface ShortcutGroup {
  title: string
  entries: ShortcutEntry[]
}

/** "Cmd" on a Mac keyboard, "Ctrl" elsewhere (both work everywhere; this is what is printed). */
export function commandKeyName(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? 'Cmd' : 'Ctrl'
}

/** What follows Ctrl/Cmd to open a view: the digits, and , (the desktop convention for Settings). */
const VIEW_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ','] as const

/** The view Ctrl/Cmd+`key` opens, for the handler and the lists alike; null: none. */
export function viewForKey(key: string): ViewName | null {
  if (key === ',') return 'settings'
  return /^[1-9]$/.test(key) ? viewForDigit(Number(key)) : null
}

/** The keys after Ctrl/Cmd that open `view` (none for a view past the digits). */
export function keysForView(view: ViewName): string[] {
  return VIEW_KEYS.filter((key) => viewForKey(key) === view)
}

/**
 * Every shortcut the app answers to, for the list `?` opens. Kept beside the handler's rules
 * (useKeyboardShortcuts) so a new shortcut is listed where it is added.
 */
export function shortcutGroups(platform: string): ShortcutGroup[] {
  const mod = commandKeyName(platform)
  const views = VIEW_KEYS.flatMap((key) => {
    const view = viewForKey(key)
    return view === null ? [] : [{ keys: [mod, key], what: `Open ${VIEW_LABELS[view]}` }]
  })
  return [
    { title: 'Views', entries: views },
    {
      title: 'Everywhere',
      entries: [
        { keys: [mod, 'F'], what: "Search in the view's list" },
        { keys: [mod, 'R'], what: 'Sync the current campaign' },
        { keys: ['?'], what: 'Show this list of shortcuts' },
      ],
    },
    {
      title: 'Side menu and lists',
      entries: [
        { keys: ['Tab'], what: 'Move to the side menu, then to the view' },
        { keys: ['↑', '↓'], either: true, what: 'Move within the side menu or the orders table' },
        { keys: ['Home', 'End'], either: true, what: 'First or last entry' },
        { keys: ['Enter'], what: 'Open the entry or order' },
        { keys: ['Esc'], what: 'Close a drawer or dialog' },
      ],
    },
  ]
}
