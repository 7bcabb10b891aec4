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
 */
export function escapeHtml(text: string): string {
  return text.replace(HTML_ESCAPE_RE, (ch) => HTML_ESCAPES[ch] ?? ch)
}

/**
 * The documents load in a sandboxed window with this policy; repeating it in the document means a
 * slip rendered anywhere else (the web harness, a saved .html) cannot run or fetch anything either.
 */
export const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

/**
 * Metric-compatible Arial/Helvetica first (the width estimates in fit.ts are Helvetica's), then
 * fonts that cover Greek, Cyrillic and Arabic, then CJK families for each platform, so a Japanese
 * or Korean address prints as real text instead of empty boxes.
 */
const LATIN_FAMILIES = `Arial, 'Liberation Sans', Helvetica, 'Helvetica Neue', 'Noto Sans', 'DejaVu Sans'`
const CJK_JP = `'Noto Sans CJK JP', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', Meiryo`
const CJK_KR = `'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic'`
const CJK_SC = `'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei'`
const CJK_TC = `'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei'`

export const FONT_STACK = `${LATIN_FAMILIES}, ${CJK_JP}, ${CJK_KR}, ${CJK_SC}, ${CJK_TC}, sans-serif`

/** Han characters take a regional glyph form; the label's `lang` picks the matching family. */
export const LANG_FONT_CSS = [
  `:lang(ko) { font-family: ${LATIN_FAMILIES}, ${CJK_KR}, ${CJK_JP}, sans-serif; }`,
  `:lang(zh-Hans) { font-family: ${LATIN_FAMILIES}, ${CJK_SC}, ${CJK_JP}, sans-serif; }`,
  `:lang(zh-Hant) { font-family: ${LATIN_FAMILIES}, ${CJK_TC}, ${CJK_JP}, sans-serif; }`,
].join('\n')

const COUNTRY_LANG: Readonly<Record<string, string>> = {
  JP: 'ja',
  KR: 'ko',
  CN: 'zh-Hans',
  SG: 'zh-Hans',
  TW: 'zh-Hant',
  HK: 'zh-Hant',
  MO: 'zh-Hant',
}

/** A `lang` attribute for addresses in a CJK country, empty otherwise. */
export function langAttribute(countryCode: string | undefined): string {
  const lang = countryCode === undefined ? undefined : COUNTRY_LANG[countryCode]
  return lang === undefined ? '' : ` lang="${lang}"`
}

/** Numbers in generated CSS: short, and never `1e-7` (invalid in CSS lengths). */
export function cssNumber(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

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
