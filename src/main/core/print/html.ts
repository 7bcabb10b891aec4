import { withoutDirectionControls } from '../../../shared/text/direction-controls'
import type { TextLang } from './fonts'
import { cssFamilies } from './fonts'

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const HTML_ESCAPE_RE = /[&<>"']/g

/**
 * Every backer-supplied string goes through this before it touches markup: names like
 * `<script>` or `"><img ...>` must print as the text the backer typed, in text and attributes.
 * Direction controls are left out, as measure.ts and the PDF leave them out: Chromium would
 * otherwise let an override in one field reverse the rest of the line.
 */
export function escapeHtml(text: string): string {
  return withoutDirectionControls(text).replace(HTML_ESCAPE_RE, (ch) => HTML_ESCAPES[ch] ?? ch)
}

/**
 * The documents load in a sandboxed window with this policy; repeating it in the document means a
 * slip rendered anywhere else (the web harness, a saved .html) cannot run or fetch anything either.
 * Fonts come inline (data:), like the barcodes' images.
 */
export const DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"

/**
 * Type rules every print document starts from: only the bundled families (no generic fallback
 * that would let an installed font in), the regional Han forms by `lang`, and kerning and
 * optional ligatures off, which is what measure.ts measures.
 */
export function fontCss(): string {
  return [
    `html { font-family: ${cssFamilies('')}; font-kerning: none; font-variant-ligatures: none;
  text-rendering: geometricPrecision; }`,
    `:lang(ko) { font-family: ${cssFamilies('ko')}; }`,
    `:lang(zh-Hans) { font-family: ${cssFamilies('zh-Hans')}; }`,
    `:lang(zh-Hant) { font-family: ${cssFamilies('zh-Hant')}; }`,
  ].join('\n')
}

const COUNTRY_LANG: Readonly<Record<string, TextLang>> = {
  JP: 'ja',
  KR: 'ko',
  CN: 'zh-Hans',
  SG: 'zh-Hans',
  TW: 'zh-Hant',
  HK: 'zh-Hant',
  MO: 'zh-Hant',
}

/** Han characters take a regional glyph form: the lang of an address in a CJK country. */
export function langOf(countryCode: string | undefined): TextLang {
  return countryCode === undefined ? '' : (COUNTRY_LANG[countryCode] ?? '')
}

/** A `lang` attribute for addresses in a CJK country, empty otherwise. */
export function langAttribute(countryCode: string | undefined): string {
  const lang = langOf(countryCode)
  return lang === '' ? '' : ` lang="${lang}"`
}

/** Numbers in generated CSS: short, and never `1e-7` (invalid in CSS lengths). */
export function cssNumber(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

/** A CSS length in points. */
export const pt = (value: number): string => `${cssNumber(value)}pt`

export function htmlDocument(title: string, css: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>\n${css}\n</style>`,
    '</head>',
    `<body>\n${body}\n</body>`,
    '</html>',
    '',
  ].join('\n')
}
