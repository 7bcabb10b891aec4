// The part of fontkit (https://github.com/foliojs/fontkit) the print code uses; the package
// ships no types.
declare module 'fontkit' {
  export interface Glyph {
    id: number
    advanceWidth: number
    codePoints: number[]
  }
  export interface GlyphPosition {
    xAdvance: number
    yAdvance: number
    xOffset: number
    yOffset: number
  }
  export interface GlyphRun {
    glyphs: Glyph[]
    positions: GlyphPosition[]
  }
  export interface Font {
    unitsPerEm: number
    /** hhea ascender and descender (negative), in font units. */
    ascent: number
    descent: number
    hasGlyphForCodePoint(codePoint: number): boolean
    glyphForCodePoint(codePoint: number): Glyph
    /** `direction` 'rtl' returns the glyphs in visual (right-to-left reversed) order. */
    layout(
      text: string,
      features?: Record<string, boolean>,
      script?: string,
      language?: string,
      direction?: 'ltr' | 'rtl',
    ): GlyphRun
  }
  export function create(buffer: Uint8Array): Font
}
