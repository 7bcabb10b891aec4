import { customsDeclarations } from '../../../shared/catalog'
import type { CustomsContext, CustomsDeclaration } from '../../../shared/catalog'
import type { Cn22Part } from './cn22'
import { planCn22 } from './cn22'
import type { TextLang } from './fonts'
import type { FacesUsed } from './measure'
import type { LabelLayoutId } from '../../../shared/ipc/enums'
import type { LabelLayout } from './layouts'
import { POINTS_PER_UNIT } from './layouts'
import { drawingHtml } from './placed-text'

export type { Cn22Part } from './cn22'

/** Space between the address and the customs part of a label, in points. */
export const CN22_GAP_PT = 4

/** The customs parts of a selection's 4×6 labels: one per order leaving the customs area. */
export interface LabelCustoms {
  /** The order's part laid out `widthPt` wide; undefined when its parcel needs no declaration. */
  part(
    contributionId: number,
    widthPt: number,
    lang: TextLang,
    faces: FacesUsed,
  ): Cn22Part | undefined
  counts: { cn22: number; cn23: number }
}

/** The customs parts of 4×6 labels when `context` is given; null for sheets or without it. */
export function labelCustoms(
  layout: LabelLayoutId,
  rows: Parameters<typeof customsDeclarations>[0],
  context: CustomsContext | undefined,
): LabelCustoms | null {
  if (context === undefined || layout !== 'thermal4x6') return null
  const byId = new Map<number, CustomsDeclaration>()
  const counts = { cn22: 0, cn23: 0 }
  for (const decl of customsDeclarations(rows, context)) {
    byId.set(decl.row.id, decl)
    if (decl.form === 'CN22') counts.cn22 += 1
    else counts.cn23 += 1
  }
  return {
    part(contributionId, widthPt, lang, faces) {
      const decl = byId.get(contributionId)
      return decl === undefined ? undefined : planCn22(decl, widthPt, lang, faces)
    },
    counts,
  }
}

/** The customs part in a label's HTML, placed from the label's padding edge as the PDF places it. */
export function customsHtml(layout: LabelLayout, customs: { part: Cn22Part; topPt: number }) {
  const k = POINTS_PER_UNIT[layout.unit]
  return drawingHtml(customs.part.drawing, layout.paddingX * k, layout.paddingY * k + customs.topPt)
}
