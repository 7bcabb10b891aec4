/**
 * Which rows of a fixed-height virtual list are on screen, from its scroll and resize events.
 * It keeps what the events last said: reading the DOM right after a new answer would force a
 * layout of the whole view in the same frame.
 */
export function useVirtualRowRange(
  rowHeight: number,
  report: (start: number, end: number) => void,
) {
  let scrollTop = 0
  let viewportHeight = rowHeight * 30

  const first = () => Math.floor(scrollTop / rowHeight)
  const last = () => first() + Math.ceil(viewportHeight / rowHeight)
  /** Rows a Page Up/Down moves: a screenful less one, so one row stays in sight. */
  const pageRows = () => Math.max(1, Math.floor(viewportHeight / rowHeight) - 1)

  /** Asks for the rows on screen (the store adds some either side). */
  function reportRange(): void {
    report(first(), last() + 1)
  }

  function scrolled(top: number): void {
    scrollTop = top
    reportRange()
  }

  function resized(height: number): void {
    viewportHeight = height
    reportRange()
  }

  return { first, last, pageRows, scrolled, resized, reportRange, atTop: () => scrollTop <= 0 }
}
