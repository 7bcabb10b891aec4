import { isNodeKey } from '@renderer/lib/perk-tree-keys'

export interface TreeSelectionOptions {
  /** The keys selected now. */
  selected: () => readonly string[]
  /** Every key on screen, top to bottom (children of a closed node left out). */
  shown: () => readonly string[]
  select: (keys: string[]) => void
}

/** What a click or Enter did besides picking: Ctrl/Cmd adds or removes, Shift takes a range. */
interface Modifiers {
  toggle: boolean
  range: boolean
}

/**
 * Picking several nodes of a tree as in a file manager: a click picks one node, Ctrl/Cmd+click
 * adds it or takes it out, Shift+click picks every node from the last one picked to it (with
 * Ctrl/Cmd, adding them); Enter, Ctrl/Cmd+Enter, Shift+Enter and Space do the same from the
 * keyboard. The tree reports which node was chosen; the modifiers are read off the event that
 * chose it (`note`, on the way down, before the tree handles it).
 */
export function useTreeSelection(options: TreeSelectionOptions) {
  let modifiers: Modifiers = { toggle: false, range: false }
  let anchor: string | null = null

  function note(event: MouseEvent | KeyboardEvent): void {
    modifiers = { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey }
  }

  function rangeTo(key: string): string[] | null {
    if (anchor === null) return null
    const shown = options.shown()
    const from = shown.indexOf(anchor)
    const to = shown.indexOf(key)
    if (from === -1 || to === -1) return null
    return shown.slice(Math.min(from, to), Math.max(from, to) + 1).filter(isNodeKey)
  }

  /** The node `key` was chosen, with the modifiers of the event that chose it. */
  function chosen(key: string): void {
    const { toggle, range } = modifiers
    modifiers = { toggle: false, range: false }
    const current = options.selected().filter(isNodeKey)
    const span = range ? rangeTo(key) : null
    if (span !== null) {
      const base = toggle ? current.filter((k) => !span.includes(k)) : []
      options.select([...base, ...span])
      return
    }
    anchor = key
    if (toggle && isNodeKey(key)) {
      options.select(current.includes(key) ? current.filter((k) => k !== key) : [...current, key])
      return
    }
    options.select([key])
  }

  /** Space on a node: add it or take it out, as Ctrl/Cmd+click does. */
  function toggled(key: string): void {
    modifiers = { toggle: true, range: false }
    chosen(key)
  }

  return { note, chosen, toggled }
}
