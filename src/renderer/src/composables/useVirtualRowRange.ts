import { computed, ref } from 'vue'

/**
 * Which rows of a fixed-height virtual list are on screen, from its scroll and resize events.
 * It keeps what the events last said: reading the DOM right after a new answer would force a
 * layout of the whole view in the same frame. `window` is the reactive part the list draws:
 * the rows on screen and `overscan` more either side.
 */
export function useVirtualRowRange(
  rowHeight: number | (() => number),
  report: (start: number, end: number) => void,
  options: { count?: () => number; overscan?: number } = {},
) {
  const height = typeof rowHeight === 'number' ? () => rowHeight : rowHeight
  const scrollTop = ref(0)
  const viewportHeight = ref(height() * 30)

  const first = () => Math.floor(scrollTop.value / height())
  const last = () => first() + Math.ceil(viewportHeight.value / height())
  /** Rows a Page Up/Down moves: a screenful less one, so one row stays in sight. */
  const pageRows = () => Math.max(1, Math.floor(viewportHeight.value / height()) - 1)

  const overscan = options.overscan ?? 3
  const window = computed(() => {
    const count = options.count?.() ?? Infinity
    const start = Math.max(0, first() - overscan)
    return { start, end: Math.max(start, Math.min(count, last() + 1 + overscan)) }
  })

  /** Asks for the rows on screen (the store adds some either side). */
  function reportRange(): void {
    report(first(), last() + 1)
  }

  function scrolled(top: number): void {
    scrollTop.value = top
    reportRange()
  }

  function resized(height: number): void {
    viewportHeight.value = height
    reportRange()
  }

  return {
    first,
    last,
    pageRows,
    window,
    scrolled,
    resized,
    reportRange,
    atTop: () => scrollTop.value <= 0,
  }
}
