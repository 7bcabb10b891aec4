import { ref } from 'vue'

export interface RovingRowsOptions {
  rowHeight: number | (() => number)
  count: () => number
  /** The scrolling element of the list. */
  container: () => HTMLElement | null
  pageRows: () => number
  /** The element of row `index`, once the list has drawn it. */
  rowElement: (index: number) => HTMLElement | null | undefined
}

/**
 * The one row Tab lands on in a virtual table (the others are reached with the arrow keys), so
 * Tab leaves the table in one step. It follows the focus, and the view when the list scrolls
 * away from it.
 */
export function useRovingRowFocus(options: RovingRowsOptions) {
  const { count, container, pageRows, rowElement } = options
  const rowHeight = () =>
    typeof options.rowHeight === 'number' ? options.rowHeight : options.rowHeight()
  const activeIndex = ref(0)

  /** The list scrolled to rows `first`..`last`: a Tab stop left behind comes along. */
  function follow(first: number, last: number, list: HTMLElement): void {
    const active = activeIndex.value
    if ((active < first || active > last) && !list.contains(document.activeElement)) {
      activeIndex.value = Math.min(first, Math.max(count() - 1, 0))
    }
  }

  /** Arrow keys, Page Up/Down, Home and End move the focus from row to row. */
  function move(event: KeyboardEvent, index: number): void {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + pageRows(),
      PageUp: index - pageRows(),
      Home: 0,
      End: count() - 1,
    }
    if (event.key in moves) {
      event.preventDefault()
      void focusRow(moves[event.key] as number)
    }
  }

  /** Scrolls row `index` just into view (no further, and not sideways) and focuses it. */
  async function focusRow(index: number): Promise<void> {
    const target = Math.min(Math.max(index, 0), count() - 1)
    activeIndex.value = target
    const el = container()
    if (el) {
      const height = rowHeight()
      const top = target * height
      if (top < el.scrollTop) el.scrollTop = top
      else if (top + height > el.scrollTop + el.clientHeight) {
        el.scrollTop = top + height - el.clientHeight
      }
    }
    // The list draws the rows of the new position on the next frame.
    for (let attempt = 0; attempt < 3; attempt++) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const row = rowElement(target)
      if (row) {
        row.focus({ preventScroll: true })
        return
      }
    }
  }

  return { activeIndex, follow, move }
}
