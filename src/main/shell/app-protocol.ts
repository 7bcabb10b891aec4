import { realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, join, relative, sep } from 'node:path'
import { RENDERER_CSP } from './renderer-csp'
import { uiFontTarget } from './ui-fonts'

/**
 * The renderer's own scheme. A page on file:// shares its origin with every file on the disk
 * (and Electron grants it more than a browser would); app://perkpack is one origin that serves
 * the renderer's build folder and nothing else. Pure Node: index.ts hands createAppProtocolHandler
 * to Electron's protocol.handle, and the tests call it directly.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'perkpack'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The renderer's one page; its routes live in the hash. */
export const APP_PAGE_PATH = '/index.html'
export const APP_PAGE_URL = `${APP_ORIGIN}${APP_PAGE_PATH}`

/** What the build folder holds, by extension; anything else is refused rather than guessed. */
export const RENDERER_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  // Source maps: the dev build and the web harness have them; the installer leaves them out.
  '.map': 'application/json; charset=utf-8',
}

export type AppRequestTarget =
  { ok: true; file: string; contentType: string } | { ok: false; status: 400 | 404; reason: string }

/**
 * Where `url` points inside `rendererDir`, by the URL alone (no disk access): app://perkpack,
 * a path of plain names, a known file type. Query and hash are ignored (routes, cache busting).
 * Every segment is decoded once and must then be a plain file or folder name: `..`, `.`, an
 * empty segment, and a segment hiding a separator, a backslash, a NUL or a drive colon after
 * decoding (%2e%2e, %2f, %5c, %00) are refused, not normalised into something else.
 */
export function appRequestTarget(url: string, rendererDir: string): AppRequestTarget {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' }
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) {
    return { ok: false, status: 404, reason: `not ${APP_ORIGIN}` }
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, status: 400, reason: 'credentials in the URL' }
  }
  // The raw path, before URL normalisation could have folded a dot segment away.
  const rawPath = rawPathOf(url)
  if (!rawPath.startsWith('/')) return { ok: false, status: 400, reason: 'no path' }
  const names: string[] = []
  for (const segment of rawPath.slice(1).split('/')) {
    let name: string
    try {
      name = decodeURIComponent(segment)
    } catch {
      return { ok: false, status: 400, reason: 'bad percent-encoding' }
    }
    if (name === '' || name === '.' || name === '..' || /[/\\:\0]/.test(name)) {
      return { ok: false, status: 400, reason: `refused path segment ${JSON.stringify(segment)}` }
    }
    names.push(name)
  }
  const file = join(rendererDir, ...names)
  if (!isInside(rendererDir, file)) return { ok: false, status: 400, reason: 'outside the folder' }
  const contentType = RENDERER_CONTENT_TYPES[extname(file).toLowerCase()]
  if (!contentType) return { ok: false, status: 404, reason: 'not a renderer file type' }
  return { ok: true, file, contentType }
}

/** The path exactly as written: `new URL` resolves `..` and `%2e%2e` before we could see them. */
function rawPathOf(url: string): string {
  const afterAuthority = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
  return afterAuthority.replace(/[?#].*$/s, '')
}

function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file)
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
}

/**
 * appRequestTarget, then the disk: the file must exist, be a regular file, and still be inside
 * the folder once symbolic links are resolved (a link in the build pointing elsewhere is refused).
 */
export async function resolveAppRequest(
  url: string,
  rendererDir: string,
): Promise<AppRequestTarget> {
  const target = appRequestTarget(url, rendererDir)
  if (!target.ok) return target
  try {
    const [realDir, realFile] = await Promise.all([realpath(rendererDir), realpath(target.file)])
    if (!isInside(realDir, realFile)) {
      return { ok: false, status: 404, reason: 'links outside the folder' }
    }
    if (!(await stat(realFile)).isFile()) return { ok: false, status: 404, reason: 'not a file' }
  } catch {
    return { ok: false, status: 404, reason: 'no such file' }
  }
  return target
}

/** What a request is answered with: a file (its type by extension) or generated CSS. */
type AppReply =
  | { ok: true; contentType: string; file: string }
  | { ok: true; contentType: string; text: string }
  | { ok: false; status: 400 | 404; reason: string }

/**
 * The window's fallback fonts (ui-fonts.ts) come from the font root, outside the build folder;
 * every other path is a file of the build folder (resolveAppRequest).
 */
async function appReply(url: string, rendererDir: string): Promise<AppReply> {
  const ownPath = url.startsWith(`${APP_ORIGIN}/`) ? rawPathOf(url) : null
  const font = ownPath === null ? null : uiFontTarget(ownPath)
  if (font === null) return resolveAppRequest(url, rendererDir)
  if (!font.ok) return { ok: false, status: 404, reason: font.reason }
  if ('css' in font) {
    return { ok: true, contentType: RENDERER_CONTENT_TYPES['.css'] as string, text: font.css }
  }
  const contentType = RENDERER_CONTENT_TYPES[extname(font.file).toLowerCase()]
  if (!contentType) return { ok: false, status: 404, reason: 'not a font file type' }
  return { ok: true, contentType, file: font.file }
}

/**
 * The handler for protocol.handle(APP_SCHEME): the file with its type and, for the page, the CSP
 * as a header (a header also carries frame-ancestors, which a <meta> cannot). Refusals are a bare
 * status with a short text; the reason goes to `log`, never to the page.
 */
export function createAppProtocolHandler(
  rendererDir: string,
  readFile: (file: string) => Promise<Uint8Array>,
  log: (line: string) => void = () => undefined,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: textHeaders() })
    }
    const target = await appReply(request.url, rendererDir)
    if (!target.ok) {
      log(`app:// refused ${request.url}: ${target.reason}`)
      const text = target.status === 404 ? 'Not found' : 'Bad request'
      return new Response(text, { status: target.status, headers: textHeaders() })
    }
    const headers: Record<string, string> = {
      'content-type': target.contentType,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    }
    if (target.contentType.startsWith('text/html'))
      headers['content-security-policy'] = RENDERER_CSP
    let body: Uint8Array | string | null = null
    try {
      if (request.method === 'GET')
        body = 'text' in target ? target.text : await readFile(target.file)
    } catch (error) {
      // Gone or unreadable since it was checked: the page sees a 404 like any missing file.
      log(`app:// could not read ${request.url}: ${(error as NodeJS.ErrnoException).code ?? error}`)
      return new Response('Not found', { status: 404, headers: textHeaders() })
    }
    return new Response(body, { status: 200, headers })
  }
}

function textHeaders(): Record<string, string> {
  return { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }
}
