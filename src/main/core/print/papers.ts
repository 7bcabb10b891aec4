import type { SlipPaper } from '../../../shared/ipc/enums'

/** A sheet of office paper, as the page-sized documents (slips, the pick list) lay it out. */
export interface Paper {
  /** CSS `@page` size, in the paper's own unit. */
  size: string
  widthPt: number
  heightPt: number
  marginPt: number
}

export const PAPERS: Readonly<Record<SlipPaper, Paper>> = {
  letter: { size: '8.5in 11in', widthPt: 612, heightPt: 792, marginPt: 36 },
  a4: {
    size: '210mm 297mm',
    widthPt: (210 / 25.4) * 72,
    heightPt: (297 / 25.4) * 72,
    marginPt: 36,
  },
}

/** The paper `id` names; a RangeError for one the types did not stop (a CLI flag, a test). */
export function paperOf(id: SlipPaper): Paper {
  const paper = PAPERS[id]
  if (paper === undefined) throw new RangeError(`Unknown paper size: ${String(id)}`)
  return paper
}
