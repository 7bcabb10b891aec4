// The Node build by name: the package's root export has no condition TypeScript's bundler
// resolution picks, and slips are rendered in the main process anyway.
import bwipjs from 'bwip-js/node'
import { cssNumber, escapeHtml } from './html'

export interface Code128Options {
  /** Width of the narrowest bar, in points. 1.08 pt (0.38 mm) scans well off any laser printer. */
  moduleWidthPt?: number
  heightPt?: number
}

/** Code 128 asks for a light margin of at least ten modules on each side. */
const QUIET_ZONE_MODULES = 10

/** A Code 128 symbol: bar and space widths in modules, starting with a bar, and its size. */
export interface Code128Bars {
  text: string
  sbs: number[]
  moduleWidthPt: number
  heightPt: number
  /** With the quiet zones. */
  widthPt: number
}

/** bwip-js (BWIPP) chooses the code sets and the check character. */
export function code128Bars(text: string, options: Code128Options = {}): Code128Bars {
  const moduleWidthPt = options.moduleWidthPt ?? 1.08
  const heightPt = options.heightPt ?? 40
  const encoded = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs?: number[] }>
  const sbs = encoded[0]?.sbs
  if (sbs === undefined || sbs.length === 0)
    throw new Error(`Could not encode "${text}" as Code 128`)
  const modules = sbs.reduce((sum, width) => sum + width, 2 * QUIET_ZONE_MODULES)
  return { text, sbs, moduleWidthPt, heightPt, widthPt: modules * moduleWidthPt }
}

/** Each bar as [x, width] in points from the symbol's left edge (quiet zone included). */
export function barRects(bars: Code128Bars): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let x = QUIET_ZONE_MODULES
  bars.sbs.forEach((width, i) => {
    // Widths alternate bar, space, bar, ... starting with a bar.
    if (i % 2 === 0) out.push([x * bars.moduleWidthPt, width * bars.moduleWidthPt])
    x += width
  })
  return out
}

/**
 * Code 128 as inline SVG, the bars drawn here from bwip-js's bar/space widths. Its own SVG
 * renderer took about 4 ms a symbol (12 s for 3,000 slips) against 0.35 ms for the encoding
 * alone, and it draws the human-readable digits as outlines; the slip prints them as real text
 * instead, so they survive in the PDF.
 */
export function barsSvg(bars: Code128Bars): string {
  let x = QUIET_ZONE_MODULES
  let path = ''
  bars.sbs.forEach((width, i) => {
    if (i % 2 === 0) path += `M${x} 0h${width}v1h-${width}z`
    x += width
  })
  const modules = x + QUIET_ZONE_MODULES
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules} 1" preserveAspectRatio="none"` +
    ` width="${cssNumber(bars.widthPt)}pt" height="${cssNumber(bars.heightPt)}pt"` +
    ` shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(`Code 128: ${bars.text}`)}">` +
    `<path fill="#000" d="${path}"/></svg>`
  )
}

export function code128Svg(text: string, options: Code128Options = {}): string {
  return barsSvg(code128Bars(text, options))
}
