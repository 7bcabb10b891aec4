import { CELL_PAD_X, CELL_PAD_Y, CELL_RULE, HEAD_RULE } from './item-table'
import { PdfCanvas } from './pdf-canvas'
import type { PickListPlan } from './picklist'
import { FOOT_PAD } from './picklist'

/**
 * The pick list drawn straight into a PDF file (pdfkit), from the same plan as its HTML
 * (`planPickList`): the header on every page, the table's head, rows with tick boxes and rules,
 * the page number at the foot, each where the HTML's CSS puts it.
 */

/** The HTML's #444 (meta, table heads, page numbers) and #999 (rules). */
const GRAY_444 = 0x44 / 0xff
const GRAY_999 = 0x99 / 0xff

function drawPage(canvas: PdfCanvas, plan: PickListPlan, index: number): void {
  const { paper, innerWidth, widths } = plan
  const left = paper.marginPt
  let y = paper.marginPt
  plan.head.forEach((lines, i) => {
    canvas.block(lines, left, y, innerWidth, 'start', i === 2 ? GRAY_444 : 0)
    y += lines.heightPt
  })
  canvas.rule(left, y, innerWidth, HEAD_RULE)
  y = paper.marginPt + plan.headHeight

  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((sum, w) => sum + w, 0))
  const cellX = (i: number) => (xs[i] ?? 0) + CELL_PAD_X
  const cellW = (i: number) => (widths[i] ?? 0) - 2 * CELL_PAD_X
  // Quantity and orders are numbers: right-aligned, as `.num` in the HTML.
  const align = (column: number) => (column >= 4 ? 'right' : 'start')
  plan.thead.forEach((lines, i) =>
    canvas.block(lines, cellX(i + 1), y + CELL_PAD_Y, cellW(i + 1), align(i + 1), GRAY_444),
  )
  canvas.rule(left, y + plan.theadHeight - HEAD_RULE, innerWidth, HEAD_RULE)
  y += plan.theadHeight
  for (const row of plan.pages[index] ?? []) {
    canvas.tickBox(left + CELL_PAD_X, y + CELL_PAD_Y + 2)
    row.cells.forEach((lines, i) =>
      canvas.block(lines, cellX(i + 1), y + CELL_PAD_Y, cellW(i + 1), align(i + 1)),
    )
    canvas.rule(left, y + row.heightPt - CELL_RULE, innerWidth, CELL_RULE, GRAY_999)
    y += row.heightPt
  }

  // The foot sits on the bottom margin: a rule, then the page number on the right.
  const footTop = paper.heightPt - paper.marginPt - plan.footHeight
  canvas.rule(left, footTop, innerWidth, CELL_RULE, GRAY_999)
  const number = plan.pageNumbers[index]
  if (number !== undefined) {
    canvas.block(number, left, footTop + CELL_RULE + FOOT_PAD, innerWidth, 'right', GRAY_444)
  }
}

/** The planned pick list to a new PDF file at `path` (created exclusively; removed on failure). */
export async function writePickListPdf(
  plan: PickListPlan,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  await PdfCanvas.write(path, 'Pick list', async (canvas) => {
    const { widthPt, heightPt } = plan.paper
    for (const index of plan.pages.keys()) {
      await canvas.page(widthPt, heightPt, () => drawPage(canvas, plan, index), signal)
    }
  })
}
