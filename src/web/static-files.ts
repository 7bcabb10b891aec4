import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { RENDERER_CONTENT_TYPES } from '../main/shell/app-protocol'
import { RENDERER_CSP } from '../main/shell/renderer-csp'
import { uiFontTarget } from '../main/shell/ui-fonts'
import { BASE_HEADERS, send, TEXT } from './http-replies'

/** The app's own table (app:// serves the same build folder): one list of renderer file types. */
export const CONTENT_TYPES = RENDERER_CONTENT_TYPES

/**
 * Serves the built renderer: index.html (with the harness in it) under the app's CSP, the files
 * below `rendererDir` of a known type, and the window's fallback fonts as app:// serves them
 * (ui-fonts.ts). Nothing outside the folder, whatever the path says, but those fonts.
 */
export function staticFiles(
  rendererDir: string,
  indexHtml: string,
  log: (line: string) => void = () => undefined,
) {
  return async (pathname: string, res: ServerResponse): Promise<void> => {
    const font = uiFontTarget(pathname)
    if (font !== null) {
      if (!font.ok) {
        log(`refused ${pathname}: ${font.reason}`)
        return send(res, 404, 'Not found', TEXT)
      }
      if ('css' in font) return send(res, 200, font.css, CONTENT_TYPES['.css'] as string)
      return sendFile(res, font.file, CONTENT_TYPES[extname(font.file)] as string)
    }
    if (pathname === '/' || pathname === '/index.html') {
      return send(res, 200, indexHtml, CONTENT_TYPES['.html'] as string, {
        'content-security-policy': RENDERER_CSP,
        'x-frame-options': 'DENY',
      })
    }
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return send(res, 400, 'Bad path', TEXT)
    }
    const file = resolve(rendererDir, `.${decoded}`)
    // Browsers ask for one whether or not the page names one; an error in the console is noise.
    if (decoded === '/favicon.ico' && !existsSync(file)) {
      res.writeHead(204, BASE_HEADERS)
      return void res.end()
    }
    const type = CONTENT_TYPES[extname(file).toLowerCase()]
    if (!file.startsWith(rendererDir + sep) || !type) {
      return send(res, 404, 'Not found', TEXT)
    }
    return sendFile(res, file, type)
  }
}

async function sendFile(res: ServerResponse, file: string, type: string): Promise<void> {
  try {
    send(res, 200, await readFile(file), type)
  } catch {
    send(res, 404, 'Not found', TEXT)
  }
}
