import { MENU_VIEWS, VIEW_LABELS } from './view-menu'

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

/**
 * Every shortcut the app answers to, for the list `?` opens. Kept beside the handler's rules
 * (useKeyboardShortcuts) so a new shortcut is listed where it is added.
 */
export function shortcutGroups(platform: string): ShortcutGroup[] {
  const mod = commandKeyName(platform)
  const views = MENU_VIEWS.map((view, index) => ({
    keys: [mod, String(index + 1)],
    what: `Open ${VIEW_LABELS[view]}`,
  }))
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
