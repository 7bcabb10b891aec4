import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  appRequestTarget,
  createAppProtocolHandler,
  resolveAppRequest,
} from '../../../src/main/shell/app-protocol'
import { RENDERER_CSP } from '../../../src/main/shell/renderer-csp'

// A build folder with a secret beside it, which no app:// URL may reach.
const root = mkdtempSync(join(tmpdir(), 'perkpack-app-protocol-'))
const dir = join(root, 'renderer')
mkdirSync(join(dir, 'assets'), { recursive: true })
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PerkPack</title>')
writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
writeFileSync(join(dir, 'assets', 'index-abc.css'), 'body{}')
writeFileSync(join(dir, 'assets', 'notes.txt'), 'not a renderer file type')
writeFileSync(join(root, 'secret.js'), 'the token')
symlinkSync(join(root, 'secret.js'), join(dir, 'assets', 'linked.js'))
mkdirSync(join(dir, 'folder.js'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('appRequestTarget: an app:// URL to a file of the renderer folder, by the URL alone', () => {
  it('maps the page and the assets to their files and types', () => {
    expect(appRequestTarget('app://perkpack/index.html#/orders?x=1', dir)).toEqual({
      ok: true,
      file: join(dir, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    })
    expect(appRequestTarget('app://perkpack/assets/index-abc.js?v=2', dir)).toEqual({
      ok: true,
      file: join(dir, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    })
    expect(appRequestTarget('app://perkpack/assets/INDEX.CSS', dir)).toMatchObject({
      ok: true,
      contentType: 'text/css; charset=utf-8',
    })
  })

  it.each([
    ['a parent segment', 'app://perkpack/../secret.js'],
    ['a parent segment deeper down', 'app://perkpack/assets/../../secret.js'],
    ['an encoded parent segment', 'app://perkpack/%2e%2e/secret.js'],
    ['a mixed-case encoded parent segment', 'app://perkpack/assets/%2E%2e/%2e%2E/secret.js'],
    ['an encoded slash', 'app://perkpack/assets%2f..%2f..%2fsecret.js'],
    ['an encoded backslash', 'app://perkpack/assets%5c..%5c..%5csecret.js'],
    ['a backslash', 'app://perkpack/assets\\..\\..\\secret.js'],
    ['a NUL', 'app://perkpack/index.html%00.js'],
    ['an absolute path in a segment', 'app://perkpack/%2fetc%2fpasswd.js'],
    ['a drive letter', 'app://perkpack/C:%5cWindows%5cwin.ini.js'],
    ['a dot segment', 'app://perkpack/./index.html'],
    ['an empty segment', 'app://perkpack//index.html'],
    ['bad percent-encoding', 'app://perkpack/%E0%A4%A.js'],
    ['credentials', 'app://user:pw@perkpack/index.html'],
    ['no path', 'app://perkpack'],
  ])('refuses %s', (_what, url) => {
    expect(appRequestTarget(url, dir)).toMatchObject({ ok: false, status: 400 })
  })

  it.each([
    ['another host', 'app://evil/index.html'],
    ['a port', 'app://perkpack:8080/index.html'],
    ['file://', `file://${join(dir, 'index.html')}`],
    ['https', 'https://perkpack/index.html'],
    ['http', 'http://localhost:5173/index.html'],
    ['a file type the build does not hold', 'app://perkpack/assets/notes.txt'],
    ['a name without a type', 'app://perkpack/assets'],
  ])('answers 404 for %s', (_what, url) => {
    expect(appRequestTarget(url, dir)).toMatchObject({ ok: false, status: 404 })
  })
})

describe('resolveAppRequest: the file must be there', () => {
  it('accepts an existing file and refuses a missing one, a folder and a link out of the folder', async () => {
    expect(await resolveAppRequest('app://perkpack/assets/index-abc.js', dir)).toMatchObject({
      ok: true,
    })
    for (const url of [
      'app://perkpack/assets/missing.js',
      'app://perkpack/folder.js',
      'app://perkpack/assets/linked.js',
    ]) {
      expect(await resolveAppRequest(url, dir)).toMatchObject({ ok: false, status: 404 })
    }
  })
})

describe('createAppProtocolHandler: what protocol.handle answers', () => {
  const logged: string[] = []
  const handle = createAppProtocolHandler(
    dir,
    (file) => readFile(file),
    (line) => logged.push(line),
  )

  it('serves the page with the CSP as a header, and assets with their type', async () => {
    const page = await handle(new Request('app://perkpack/index.html'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toBe(readFileSync(join(dir, 'index.html'), 'utf8'))

    const script = await handle(new Request('app://perkpack/assets/index-abc.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBeNull()
    expect(await script.text()).toBe('console.log(1)')
  })

  it('answers a bare 404 or 400 without the file, and logs why', async () => {
    // Request (like Chromium) folds a dot segment away before the handler sees it; %2f stays.
    const outside = await handle(new Request('app://perkpack/assets%2f..%2f..%2fsecret.js'))
    expect(outside.status).toBe(400)
    const linked = await handle(new Request('app://perkpack/assets/linked.js'))
    expect(linked.status).toBe(404)
    for (const body of [await outside.text(), await linked.text()]) {
      expect(body).not.toContain('the token')
      expect(body).not.toContain(root)
    }
    expect(logged.join('\n')).toContain('links outside the folder')
  })

  it('answers 404 when the file cannot be read after the check', async () => {
    const unreadable = createAppProtocolHandler(dir, () =>
      Promise.reject(Object.assign(new Error('gone'), { code: 'ENOENT' })),
    )
    const answer = await unreadable(new Request('app://perkpack/index.html'))
    expect(answer.status).toBe(404)
    expect(await answer.text()).toBe('Not found')
  })

  it('serves reads only', async () => {
    const post = await handle(new Request('app://perkpack/index.html', { method: 'POST' }))
    expect(post.status).toBe(405)
  })
})
