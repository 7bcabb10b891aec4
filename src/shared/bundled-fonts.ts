/**
 * The font families bundled with the app (docs/printing.md): one list for the labels and slips
 * main prints (src/main/core/print/fonts.ts reads the files) and for the window, which falls
 * back to the same files for scripts the machine has no font for (src/main/shell/ui-fonts.ts
 * serves them). Data only: the renderer imports it too.
 */

export type FontWeight = 400 | 700
export type FamilyId = 'sans' | 'arabic' | 'hebrew' | 'jp' | 'kr' | 'sc' | 'tc' | 'emoji'
/** The `lang` of a label or slip part, which picks the regional form of Han characters. */
export type TextLang = '' | 'ja' | 'ko' | 'zh-Hans' | 'zh-Hant'

export interface BundledFamily {
  id: FamilyId
  /** The CSS family name: our own, so no installed font of the same name can stand in. */
  css: string
  /** The @fontsource package (its `files/` and `unicode.json`). */
  pkg: string
  /** Only these subsets; the Arabic and Hebrew packages repeat Latin, which Noto Sans covers. */
  subsets?: readonly string[]
  weights: readonly FontWeight[]
}

export const BUNDLED_FAMILIES: readonly BundledFamily[] = [
  { id: 'sans', css: 'PerkPack Sans', pkg: 'noto-sans', weights: [400, 700] },
  {
    id: 'arabic',
    css: 'PerkPack Arabic',
    pkg: 'noto-sans-arabic',
    subsets: ['arabic'],
    weights: [400],
  },
  {
    id: 'hebrew',
    css: 'PerkPack Hebrew',
    pkg: 'noto-sans-hebrew',
    subsets: ['hebrew'],
    weights: [400],
  },
  { id: 'jp', css: 'PerkPack JP', pkg: 'noto-sans-jp', weights: [400] },
  { id: 'kr', css: 'PerkPack KR', pkg: 'noto-sans-kr', weights: [400] },
  { id: 'sc', css: 'PerkPack SC', pkg: 'noto-sans-sc', weights: [400] },
  { id: 'tc', css: 'PerkPack TC', pkg: 'noto-sans-tc', weights: [400] },
  // Monochrome: prints the same on any printer. Names carry emoji more often than one thinks.
  { id: 'emoji', css: 'PerkPack Emoji', pkg: 'noto-emoji', weights: [400] },
]

/** Per lang, the order the families are tried in: Han characters take the lang's forms. */
export const FAMILY_STACKS: Readonly<Record<TextLang, readonly FamilyId[]>> = {
  '': ['sans', 'arabic', 'hebrew', 'jp', 'kr', 'sc', 'tc', 'emoji'],
  ja: ['sans', 'arabic', 'hebrew', 'jp', 'kr', 'sc', 'tc', 'emoji'],
  ko: ['sans', 'arabic', 'hebrew', 'kr', 'jp', 'sc', 'tc', 'emoji'],
  'zh-Hans': ['sans', 'arabic', 'hebrew', 'sc', 'tc', 'jp', 'kr', 'emoji'],
  'zh-Hant': ['sans', 'arabic', 'hebrew', 'tc', 'sc', 'jp', 'kr', 'emoji'],
}

/**
 * The window's fallbacks, after the machine's own fonts (one stack: names on screen carry no
 * lang, so Han characters take the Japanese forms). Emoji come before the Han families: the
 * Chinese packages have subsets whose ranges cover emoji they have no glyph for, and trying those
 * first fetched a useless file and, in Chromium, now and then left the emoji a box until the
 * next repaint (test/e2e/ui-fonts.test.ts).
 */
export const WINDOW_FALLBACK_STACK: readonly FamilyId[] = [
  'sans',
  'arabic',
  'hebrew',
  'emoji',
  'jp',
  'kr',
  'sc',
  'tc',
]

function familyList(ids: readonly FamilyId[]): string {
  const byId = new Map(BUNDLED_FAMILIES.map((family) => [family.id, family.css]))
  return ids.map((id) => `'${byId.get(id) ?? ''}'`).join(', ')
}

/** The CSS `font-family` of a lang: only the bundled families, no generic fallback. */
export function cssFamilies(lang: TextLang): string {
  return familyList(FAMILY_STACKS[lang])
}

/** The bundled families the window falls back to, for the end of its `font-family`. */
export function windowFallbackFamilies(): string {
  return familyList(WINDOW_FALLBACK_STACK)
}
