import { pt } from './html'
import type { TextType } from './slip-text'

// The item tables of the page-sized documents (a packing slip's items, the pick list): one type
// scale and one set of rules, so the two read alike on the packing bench.

export const TABLE_TYPES = {
  th: { cls: 'th', sizePt: 8, weight: 400 },
  cell: { cls: 'c', sizePt: 10, weight: 400 },
  cellBold: { cls: 'cb', sizePt: 10, weight: 700 },
  pageNumber: { cls: 'pageno', sizePt: 8, weight: 400 },
} satisfies Record<string, TextType>

export const CELL_PAD_Y = 4
export const CELL_PAD_X = 4
/** One CSS pixel: Chromium draws a thinner border 1 px thick anyway, and the rows grow by it. */
export const CELL_RULE = 0.75
export const HEAD_RULE = 1

/** Cells padded and ruled, numbers (class `num`) right-aligned, a tick box per row. */
export function itemTableCss(): string {
  return `table { border-collapse: separate; border-spacing: 0; table-layout: fixed; width: 100%; }
th, td { padding: ${pt(CELL_PAD_Y)} ${pt(CELL_PAD_X)}; text-align: left; vertical-align: top;
  border-bottom: ${pt(CELL_RULE)} solid #999; }
th { border-bottom: ${pt(HEAD_RULE)} solid #000; }
.num .c, .num .cb, .num .th { text-align: right; }
td.check { padding-right: 0; }
.box { display: block; width: 9pt; height: 9pt; margin-top: 2pt; border: 1pt solid #000; box-sizing: border-box; }
.th, .pageno { color: #444; }
.pageno { text-align: right; }`
}
