import type ExcelJS from 'exceljs'
import { ValueType } from 'exceljs'
import type { Style } from 'exceljs'

// Excel's hidden apostrophe: the cell style's quotePrefix="1" (ECMA-376 §18.8.45). A cell with it
// shows its text as it is, and keeps it text when someone edits it and presses Enter; the
// apostrophe is shown only in the formula bar and never printed or mail-merged.
//
// exceljs 4.4 neither reads nor writes quotePrefix (its xf model knows numFmt, font, fill,
// border, alignment and protection), so the attribute is added to the <xf> exceljs made for the
// base style, as a style of its own. This reaches into exceljs 4.4 internals (the workbook's
// StylesXform: `model.styles` holds each <xf> as XML, `index.style` finds it again, `weakMap`
// gives a style object its id); if they change, the cells keep the base style: still string
// cells of the Text format, which Excel never evaluates, only without the hidden apostrophe.

interface StylesManager {
  addStyleModel(style: Partial<Style>, cellType: ValueType): number
  model: { styles: string[] }
  index: { style: Record<string, number> }
  weakMap?: WeakMap<object, number>
}

function stylesOf(workbook: ExcelJS.stream.xlsx.WorkbookWriter): StylesManager | null {
  const styles = (workbook as unknown as { styles?: Partial<StylesManager> }).styles
  return typeof styles?.addStyleModel === 'function' &&
    Array.isArray(styles.model?.styles) &&
    styles.index?.style !== undefined &&
    styles.weakMap instanceof WeakMap
    ? (styles as StylesManager)
    : null
}

/**
 * A copy of `base` that cells of `workbook` can be given to carry quotePrefix. Registered once
 * per workbook and style: call again for each workbook with the same `base` and `quoted` pair.
 */
export function registerQuotePrefix(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  base: Partial<Style>,
  quoted: Partial<Style>,
): void {
  const styles = stylesOf(workbook)
  if (styles === null || styles.weakMap?.has(quoted)) return
  const baseId = styles.addStyleModel(base, ValueType.String)
  const xml = styles.model.styles[baseId]
  if (xml === undefined || !xml.startsWith('<xf ')) return
  const quotedXml = xml.replace('<xf ', '<xf quotePrefix="1" ')
  let id = styles.index.style[quotedXml]
  if (id === undefined) {
    id = styles.model.styles.length
    styles.model.styles.push(quotedXml)
    styles.index.style[quotedXml] = id
  }
  styles.weakMap?.set(quoted, id)
}
