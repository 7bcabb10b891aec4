import type { Cn23Plan } from './cn23'
import { PdfCanvas } from './pdf-canvas'
import { drawPdf } from './placed-text'

/** The planned CN23 pages to a new PDF file at `path` (created exclusively; removed on failure). */
export async function writeCn23Pdf(
  plan: Cn23Plan,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  await PdfCanvas.write(path, 'Customs declarations CN 23', async (canvas) => {
    const { widthPt, heightPt } = plan.paper
    for (const page of plan.pages) {
      await canvas.page(widthPt, heightPt, () => drawPdf(canvas, page, 0, 0), signal)
    }
  })
}
