import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import { BRIDGE_PATH } from './harness-protocol'
import { ROOT } from './repo-root'

const BRIDGE_ENTRY = join(ROOT, 'src', 'web', 'bridge-client.ts')

/** bridge-client.ts as one script for the browser, bundled when the harness starts. */
export async function bundleBridge(): Promise<string> {
  const result = await build({
    entryPoints: [BRIDGE_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  })
  const file = result.outputFiles[0]
  if (!file) throw new Error('esbuild produced no bridge bundle')
  return file.text
}

/**
 * The bridge, before the app's module script runs. No token in the page: the page's requests
 * carry the HttpOnly cookie, which no script (nor anything that reads the HTML) can read.
 */
export function injectHarness(html: string): string {
  const tags = `<script src="${BRIDGE_PATH}"></script>\n    `
  const at = html.search(/<script\b[^>]*type="module"/i)
  if (at !== -1) return html.slice(0, at) + tags + html.slice(at)
  return html.replace(/<\/head>/i, `${tags}</head>`)
}

/** The built index.html with the bridge in it. */
export async function harnessIndexHtml(indexFile: string): Promise<string> {
  return injectHarness(await readFile(indexFile, 'utf8'))
}
