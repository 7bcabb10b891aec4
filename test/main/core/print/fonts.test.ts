import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { renderLabels } from '../../../../src/main/core/print'
import { bundledFontFiles, cssFamilies, setFontRoot } from '../../../../src/main/core/print/fonts'
import { measure } from '../../../../src/main/core/print/measure'
import { woffToSfnt } from '../../../../src/main/core/print/woff-sfnt'
import { create } from 'fontkit'
import { order, shipping } from '../../../helpers/print-fixtures'

// electron-builder's own YAML reader (the package ships no types).
const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown }

afterEach(() => setFontRoot(undefined))

interface Resource {
  from: string
  to: string
  filter: string[]
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${escaped}$`)
}

describe('the bundled fonts', () => {
  it('the installer carries every font file the print code uses, with its licence', () => {
    const config = load(readFileSync('electron-builder.yml', 'utf8')) as {
      extraResources: Resource[]
    }
    const files = bundledFontFiles()
    expect(files.length).toBeGreaterThan(400)
    for (const { pkg, file } of files) {
      const entry = config.extraResources.find((r) => r.from === `node_modules/${pkg}`)
      expect(entry, pkg).toBeDefined()
      expect(entry?.to).toBe(`fonts/${pkg}`)
      const path = relative(join('node_modules', pkg), relative(process.cwd(), file))
      expect(
        entry?.filter.some((glob) => globToRegExp(glob).test(path)),
        path,
      ).toBe(true)
      expect(entry?.filter).toEqual(expect.arrayContaining(['unicode.json', 'LICENSE']))
    }
    // What the installer grows by: the regular subsets of every script, Noto Sans bold.
    const bytes = files.reduce((sum, { file }) => sum + statSync(file).size, 0)
    expect(bytes / 2 ** 20).toBeLessThan(20)
  })

  it('names only the bundled families in a document, never a generic or installed one', () => {
    for (const lang of ['', 'ja', 'ko', 'zh-Hans', 'zh-Hant'] as const) {
      const families = cssFamilies(lang).split(', ')
      expect(families.every((family) => /^'PerkPack [A-Za-z]+'$/.test(family))).toBe(true)
    }
    const html = renderLabels([order(1, shipping({ name: 'Анна 🌻' }))], {
      layout: 'avery5160',
    }).html
    const faces = [...html.matchAll(/@font-face \{ font-family: '([^']+)'/g)].map((m) => m[1])
    expect(new Set(faces)).toEqual(new Set(['PerkPack Sans', 'PerkPack Emoji']))
    expect(html).not.toMatch(/url\((?!data:)/)
  })

  it('says what to do when the font files are missing from an installation', () => {
    setFontRoot('/nonexistent/fonts')
    expect(() => measure('Some text that was never measured before 8c1f')).toThrow(
      /@fontsource\/noto-sans is missing or damaged\. Reinstall PerkPack\./,
    )
  })

  it('unpacks a WOFF file to the font it holds, table for table', () => {
    const file = bundledFontFiles().find((f) => f.file.endsWith('noto-sans-latin-400-normal.woff'))
    const woff = readFileSync(file?.file ?? '')
    const sfnt = woffToSfnt(woff)
    expect(sfnt.toString('latin1', 0, 4)).not.toBe('wOFF')
    const [packed, plain] = [create(woff), create(sfnt)]
    const tables = (font: typeof plain) =>
      Object.keys((font as unknown as { directory: { tables: object } }).directory.tables).sort()
    expect(tables(plain)).toEqual(tables(packed))
    for (const char of 'AZaz09éß&') {
      const code = char.codePointAt(0) as number
      expect(plain.glyphForCodePoint(code).advanceWidth).toBe(
        packed.glyphForCodePoint(code).advanceWidth,
      )
    }
    const run = (font: typeof plain) => font.layout('Straße 12').glyphs.map((g) => g.id)
    expect(run(plain)).toEqual(run(packed))
  })
})
