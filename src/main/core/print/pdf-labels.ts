import type { LabelsPlan, PlacedLabel } from './labels'
import { SUMMARY_GAP_PT } from './label-fit'
import type { LabelLayout } from './layouts'
import { POINTS_PER_UNIT } from './layouts'
import { PdfCanvas } from './pdf-canvas'
import { drawPdf } from './placed-text'

/**
 * Shipping labels drawn straight into a PDF file (pdfkit), from the same plan as the HTML
 * document (`planLabels`): every line where the HTML puts it (label-fit.ts's blocks and
 * baselines), in the same fonts, so the file saved and the page printed from the app agree
 * (test/main/core/print/backends-agree.test.ts holds them to that).
 */

const POINTS_PER_MM = 72 / 25.4
/** The order line's colour in the HTML (#333). */
const SUMMARY_GRAY = 0x33 / 0xff
/** Labels drawn between two waits for the file: about ten sheets. */
const LABELS_PER_DRAIN = 300

function drawLabel(
  canvas: PdfCanvas,
  layout: LabelLayout,
  offsetMm: { x: number; y: number },
  label: PlacedLabel,
): void {
  const k = POINTS_PER_UNIT[layout.unit]
  const { slot, fit, lang } = label
  const style = { lang, weight: 400 } as const
  const left = (slot.x + layout.paddingX) * k + offsetMm.x * POINTS_PER_MM
  const top = (slot.y + layout.paddingY) * k + offsetMm.y * POINTS_PER_MM
  // The address block is centred in the height the order line leaves it (labels.ts's padding).
  let y = top + Math.max(0, (fit.availablePt - fit.heightPt) / 2)
  for (const line of fit.lines) {
    canvas.text(line.text, left, y + line.box.baselinePt, fit.fontPt, style)
    y += line.box.slotPt
  }
  const summary = fit.summary
  if (summary !== undefined) {
    const summaryTop = top + fit.availablePt + SUMMARY_GAP_PT
    canvas.text(
      summary.text,
      left,
      summaryTop + summary.box.baselinePt,
      summary.fontPt,
      style,
      SUMMARY_GRAY,
    )
  }
  if (label.customs !== undefined)
    drawPdf(canvas, label.customs.part.drawing, left, top + label.customs.topPt)
}

/** The planned labels to a new PDF file at `path` (created exclusively; removed on failure). */
export async function writeLabelsPdf(
  plan: LabelsPlan,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  const { layout } = plan
  const k = POINTS_PER_UNIT[layout.unit]
  await PdfCanvas.write(path, `Shipping labels: ${layout.name}`, async (canvas) => {
    const nextPage = () => canvas.addPage(layout.pageWidth * k, layout.pageHeight * k)
    for (const [index, label] of plan.placed.entries()) {
      while (label.slot.page >= canvas.pages) nextPage()
      drawLabel(canvas, layout, plan.offsetMm, label)
      if (index % LABELS_PER_DRAIN === LABELS_PER_DRAIN - 1) {
        await canvas.drain(signal)
      }
    }
    while (canvas.pages < plan.pages) nextPage()
  })
}
