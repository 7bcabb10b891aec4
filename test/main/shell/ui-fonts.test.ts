import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bundledFontFiles } from '../../../src/main/core/print/fonts'
import { createAppProtocolHandler } from '../../../src/main/shell/app-protocol'
import { UI_FONTS_CSS_PATH, uiFontTarget } from '../../../src/main/shell/ui-fonts'
import { BUNDLED_FAMILIES } from '../../../src/shared/bundled-fonts'
import { staticFiles } from '../../../src/web/static-files'
import { startRouter } from '../../helpers/harness-router'

// A renderer build folder: the fonts are not in it, and must not need to be.
const root = mkdtempSync(join(tmpdir(), 'perkpack-ui-fonts-'))
const rendererDir = join(root, 'renderer')
mkdirSync(rendererDir)
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>PerkPack</title>')
afterAll(() => rmSync(root, { recursive: true, force: true }))

interface Reply {
  status: number
  type: string
  body: Buffer
}

/** app://perkpack, as Electron's protocol.handle calls it. */
const appHandler = createAppProtocolHandler(rendererDir, (file) => readFile(file))
async function viaApp(path: string): Promise<Reply> {
  const response = await appHandler(new Request(`app://perkpack${path}`))
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  }
}

/**
 * The web harness's router and static files; a request sends its path exactly as written (no
 * URL clean-up on the way), with the run's cookie.
 */
async function harness(): Promise<(path: string) => Promise<Reply>> {
  const { port, cookie } = await startRouter({
    serveStatic: staticFiles(rendererDir, '<!doctype html>'),
  })
  return (path) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { cookie } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        )
      })
      req.on('error', reject)
      req.end()
    })
}

/** Each @font-face rule of fonts.css: family, file URL, format and unicode-range. */
function faceRules(css: string) {
  return [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, rule = '']) => ({
    family: /font-family: '([^']+)'/.exec(rule)?.[1],
    url: /src: url\(([^)]+)\) format\('(woff2?)'\)/.exec(rule)?.[1] ?? '',
    format: /format\('(woff2?)'\)/.exec(rule)?.[1],
    range: /unicode-range: ([^;]+);/.exec(rule)?.[1] ?? '',
  }))
}

const bundled = bundledFontFiles()

describe.each([
  ['app://perkpack', () => Promise.resolve(viaApp)],
  ['the web harness', harness],
])('the window fonts through %s', (_where, open) => {
  it('fonts.css declares every bundled subset, and each URL answers that file', async () => {
    const get = await open()
    const css = await get(UI_FONTS_CSS_PATH)
    expect(css.status).toBe(200)
    expect(css.type).toBe('text/css; charset=utf-8')
    const rules = faceRules(css.body.toString('utf8'))
    expect(rules.length).toBe(bundled.length)
    expect(new Set(rules.map((rule) => rule.family))).toEqual(
      new Set(BUNDLED_FAMILIES.map((family) => family.css)),
    )
    expect(rules.filter((rule) => !/^U\+[0-9A-F]/i.test(rule.range))).toEqual([])

    const served = new Set<string>()
    for (const rule of rules) {
      const reply = await get(rule.url)
      const file = bundled.find(({ file: path }) => path.endsWith(`/${rule.url.split('/').pop()}`))
      expect([rule.url, reply.status, reply.type]).toEqual([rule.url, 200, `font/${rule.format}`])
      expect(reply.body.equals(readFileSync(file?.file ?? '')), rule.url).toBe(true)
      served.add(file?.file ?? '')
    }
    // Every file the app bundles, and nothing else (the two woff2 faces of fonts.ts among them).
    expect(served).toEqual(new Set(bundled.map(({ file }) => file)))
    expect(rules.filter((rule) => rule.format === 'woff2').length).toBe(2)
  })

  it.each([
    ['a parent segment', '/fonts/noto-sans-jp/files/../../../../package.json'],
    ['an encoded parent segment', '/fonts/noto-sans-jp/files/%2e%2e/%2e%2e/%2e%2e/package.json'],
    ['an encoded slash', '/fonts/noto-sans-jp%2f..%2f..%2f..%2fpackage.json'],
    ['an absolute path', '/fonts//etc/passwd'],
    ['an encoded absolute path', '/fonts/%2fetc%2fpasswd'],
    ['the package folder', '/fonts/@fontsource/noto-sans-jp/files/noto-sans-jp-0-400-normal.woff'],
    ['a file of the package not bundled', '/fonts/noto-sans-jp/package.json'],
    ['the unicode ranges', '/fonts/noto-sans-jp/unicode.json'],
    ['a weight not bundled', '/fonts/noto-sans-jp/files/noto-sans-jp-0-700-normal.woff'],
    [
      'the woff2 twin of a bundled woff',
      '/fonts/noto-sans-jp/files/noto-sans-jp-0-400-normal.woff2',
    ],
    ['a NUL', '/fonts/noto-sans-jp/files/noto-sans-jp-0-400-normal.woff%00.css'],
  ])('refuses %s with a 404', async (_what, path) => {
    const reply = await (await open())(path)
    expect([reply.status, reply.body.toString('utf8')]).toEqual([404, 'Not found'])
  })
})

describe('uiFontTarget: the path as sent, before any URL clean-up', () => {
  it('answers only fonts.css and the exact paths it names', () => {
    expect(uiFontTarget('/assets/index.js')).toBeNull()
    expect(uiFontTarget('/fonts.css')).toMatchObject({ ok: true })
    const jp = bundled.find(({ file }) => file.endsWith('noto-sans-jp-0-400-normal.woff'))
    expect(uiFontTarget('/fonts/noto-sans-jp/files/noto-sans-jp-0-400-normal.woff')).toEqual({
      ok: true,
      file: jp?.file,
    })
    for (const path of [
      '/fonts/noto-sans-jp/files/../files/noto-sans-jp-0-400-normal.woff',
      '/fonts/noto-sans-jp/files/./noto-sans-jp-0-400-normal.woff',
      '/fonts/noto-sans-jp/files/noto-sans-jp-0-400-normal%2ewoff',
      '/fonts/../../node_modules/@fontsource/noto-sans-jp/files/noto-sans-jp-0-400-normal.woff',
    ]) {
      expect(uiFontTarget(path), path).toMatchObject({ ok: false })
    }
  })
})
