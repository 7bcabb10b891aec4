import { h } from 'vue'
import type { FunctionalComponent, VNodeArrayChildren } from 'vue'
import { highlightRanges } from '@shared/fulfillment'

/**
 * `text` with a search's terms marked where they occur (case and accents aside). A functional
 * component: a search result marks text in several cells of every row on screen, and an
 * instance with its own reactivity for each of them was a visible part of drawing an answer.
 */
export const MarkedText: FunctionalComponent<{ text: string; terms: readonly string[] }> = (
  props,
) => {
  const { text, terms } = props
  const out: VNodeArrayChildren = []
  let at = 0
  for (const [start, end] of highlightRanges(text, terms)) {
    if (start > at) out.push(text.slice(at, start))
    out.push(h('mark', { class: 'search-mark' }, text.slice(start, end)))
    at = end
  }
  if (at < text.length) out.push(text.slice(at))
  return out
}
MarkedText.props = ['text', 'terms']
