import { spawnSync } from 'node:child_process'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { build } from 'esbuild'
import { IPC_CHANNEL_NAMES } from '../shared/ipc'
import type { IpcChannel, IpcEventName, IpcEvents } from '../shared/ipc'
import { RENDERER_CSP } from '../main/shell/renderer-csp'
import { createHandlers } from '../main/ipc/handler-table'
import type { HandlerTable } from '../main/ipc/handler-table'
import { AppServices } from '../main/app-services'
import type { AppServicesOptions } from '../main/app-services'
import { defaultDataDir } from '../main/services/profile'
import { harnessDesktop } from './web-desktop'

/**
 * The repository. Loaders disagree on __dirname (tsx gives an ESM importer a wrapped module
 * whose __dirname is wrong, while __filename is right), so walk up to our package.json.
 */
function findRoot(): string {
  const starts = [typeof __filename === 'string' ? dirname(__filename) : '', process.cwd()]
  for (const start of starts.filter(Boolean)) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }
        if (pkg.name === 'perkpack') return dir
      } catch {
        // Not here: one level up.
      }
      if (dirname(dir) === dir) break
    }
  }
  return process.cwd()
}

export const ROOT = findRoot()
export const RENDERER_DIR = join(ROOT, 'out', 'renderer')
const BRIDGE_ENTRY = join(ROOT, 'src', 'web', 'bridge-client.ts')
const TOKEN_HEADER = 'x-perkpack-harness'
const SEQ_HEADER = 'x-perkpack-event-seq'
const HELLO_EVENT = 'harness:hello'
// A pre-print check's order list (up to 200,000 ids) travels in the orders filter.
const MAX_BODY_BYTES = 4 * 1024 * 1024
const HEARTBEAT_MS = 15_000

export interface HarnessOptions {
  /** 0 (the default here) picks a free port. */
  port?: number
  /** Start the bundled simulator and sign in to it, like "Try the demo". */
  demo?: boolean
  /**
   * PERKPACK_BASE_URL, PERKPACK_AUTH_URL, PERKPACK_DATA_DIR, PERKPACK_SECRET_STORE,
   * PERKPACK_EXPORT_DIR (where exports are saved; default `<data dir>/exports`) and
   * PERKPACK_CHROMIUM (for Save as PDF; default /usr/bin/chromium).
   */
  env?: Record<string, string | undefined>
  /** The built renderer (`electron-vite build` writes out/renderer). */
  rendererDir?: string
  log?: (line: string) => void
  /** Tests: faster retries and polling, a smaller demo, a shared secret store. */
  services?: Partial<Omit<AppServicesOptions, 'emit' | 'env' | 'harness'>>
}

export interface Harness {
  url: string
  port: number
  services: AppServices
  /** Set with `demo`: what "Try the demo" answered. */
  demo: { campaignIds: number[]; jobIds: string[] } | null
  close(): Promise<void>
}

/**
 * Builds the renderer (and main, preload) with electron-vite when asked, or when there is no
 * build yet. Its output goes to stderr: the harness's first stdout line is its URL. Test files
 * run in parallel may all find no build: a lock lets one build while the others wait for it.
 */
export function ensureRendererBuilt(options: { force?: boolean; rendererDir?: string } = {}): void {
  const dir = options.rendererDir ?? RENDERER_DIR
  const built = () => !options.force && existsSync(join(dir, 'index.html'))
  if (built()) return
  withLock(join(ROOT, 'node_modules', '.cache', 'perkpack-build.lock'), built, () => {
    const cli = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
    const result = spawnSync(process.execPath, [cli, 'build'], {
      cwd: ROOT,
      stdio: ['ignore', process.stderr, process.stderr],
    })
    if (result.status !== 0) {
      throw new Error(`electron-vite build failed (exit ${result.status ?? result.signal}).`)
    }
  })
}

const LOCK_STALE_MS = 5 * 60_000
const LOCK_WAIT_MS = 10 * 60_000

/** Runs `run` holding a lock directory (mkdir is atomic), unless `done` turns true meanwhile. */
function withLock(lock: string, done: () => boolean, run: () => void): void {
  mkdirSync(dirname(lock), { recursive: true })
  const giveUp = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (done()) return
    let age: number
    try {
      age = Date.now() - statSync(lock).mtimeMs
    } catch {
      continue
    }
    // A build that crashed leaves its lock behind.
    if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true })
    else if (Date.now() > giveUp) throw new Error(`Gave up waiting for the build holding ${lock}.`)
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
  }
  try {
    if (!done()) run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

async function bundleBridge(): Promise<string> {
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

/** The meta with the run's token, then the bridge, both before the app's module script runs. */
export function injectHarness(html: string, token: string): string {
  const tags =
    `<meta name="perkpack-harness" content="${token}" />\n    ` +
    '<script src="/__harness/bridge.js"></script>\n    '
  const at = html.search(/<script\b[^>]*type="module"/i)
  if (at !== -1) return html.slice(0, at) + tags + html.slice(at)
  return html.replace(/<\/head>/i, `${tags}</head>`)
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...BASE_HEADERS,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...extra,
  })
  res.end(body)
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8')
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } })
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * The app without Electron: the same AppServices and handler table as the main process,
 * behind a loopback HTTP server that also serves the built renderer. What stands in for
 * Electron's process boundary is a per-run token only our page can read, required on every call.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const env = options.env ?? process.env
  const log = options.log ?? ((line: string) => process.stderr.write(`perkpack web: ${line}\n`))
  const rendererDir = resolve(options.rendererDir ?? RENDERER_DIR)
  const indexFile = join(rendererDir, 'index.html')
  if (!existsSync(indexFile)) {
    throw new Error(
      `No built renderer at ${rendererDir}. Run \`npm run build\` (or \`npm run web -- --build\`).`,
    )
  }
  const token = randomBytes(24).toString('hex')
  const tokenBuffer = Buffer.from(token)
  const [bridgeJs, indexHtml] = await Promise.all([
    bundleBridge(),
    readFile(indexFile, 'utf8').then((html) => injectHarness(html, token)),
  ])

  const streams = new Set<ServerResponse>()
  // Numbered, so the page can hold an answer until the events sent before it have arrived:
  // Electron keeps that order on its one channel, two HTTP connections do not.
  let eventSeq = 0
  const emit = <E extends IpcEventName>(event: E, payload: IpcEvents[E]) => {
    eventSeq++
    const frame = `id: ${eventSeq}\nevent: ${event}\ndata: ${JSON.stringify(payload)}\n\n`
    for (const stream of streams) stream.write(frame)
  }
  const dataDir = env.PERKPACK_DATA_DIR || defaultDataDir(env as NodeJS.ProcessEnv)
  const services = new AppServices({
    dataDir,
    log,
    desktop: harnessDesktop({
      exportDir: env.PERKPACK_EXPORT_DIR || join(dataDir, 'exports'),
      chromium: env.PERKPACK_CHROMIUM || '/usr/bin/chromium',
    }),
    ...options.services,
    env,
    emit,
    harness: true,
  })
  // The page opens allowed links itself (see bridge-client.ts); main only approves them.
  const table: HandlerTable = createHandlers(services, { openExternal: () => true, log })

  let port = 0
  const hostAllowed = (host: string | undefined) =>
    host === `127.0.0.1:${port}` || host === `localhost:${port}`
  const tokenOk = (req: IncomingMessage) => {
    const given = req.headers[TOKEN_HEADER]
    if (typeof given !== 'string') return false
    const buffer = Buffer.from(given)
    return buffer.length === tokenBuffer.length && timingSafeEqual(buffer, tokenBuffer)
  }

  const serveStatic = async (pathname: string, res: ServerResponse) => {
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
      return send(res, 400, 'Bad path', 'text/plain; charset=utf-8')
    }
    const file = resolve(rendererDir, `.${decoded}`)
    // Browsers ask for one whether or not the page names one; an error in the console is noise.
    if (decoded === '/favicon.ico' && !existsSync(file)) {
      res.writeHead(204, BASE_HEADERS)
      return res.end()
    }
    const type = CONTENT_TYPES[extname(file).toLowerCase()]
    if (!file.startsWith(rendererDir + sep) || !type) {
      return send(res, 404, 'Not found', 'text/plain; charset=utf-8')
    }
    try {
      send(res, 200, await readFile(file), type)
    } catch {
      send(res, 404, 'Not found', 'text/plain; charset=utf-8')
    }
  }

  const openStream = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      ...BASE_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    })
    // At once, so the client's fetch resolves, with the number of the last event already sent.
    res.write(`id: ${eventSeq}\nevent: ${HELLO_EVENT}\ndata: {}\n\n`)
    streams.add(res)
    req.on('close', () => streams.delete(res))
  }

  const callChannel = async (channel: string, req: IncomingMessage, res: ServerResponse) => {
    if (!(IPC_CHANNEL_NAMES as string[]).includes(channel)) {
      return refuse(res, 404, 'unknown_channel', `There is no operation "${channel}".`)
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return refuse(res, 415, 'bad_request', 'Send the arguments as a JSON array.')
    }
    let args: unknown
    try {
      args = JSON.parse(await readBody(req))
    } catch {
      return refuse(res, 400, 'bad_request', 'Send the arguments as a JSON array (at most 4 MB).')
    }
    if (!Array.isArray(args)) {
      return refuse(res, 400, 'bad_request', 'Send the arguments as a JSON array.')
    }
    const handler = table[channel as IpcChannel] as (raw: unknown[]) => Promise<unknown>
    const envelope = await handler(args)
    send(res, 200, JSON.stringify(envelope), 'application/json; charset=utf-8', {
      [SEQ_HEADER]: String(eventSeq),
    })
  }

  const server = createServer((req, res) => {
    void (async () => {
      // DNS rebinding: a page of evil.example resolving to 127.0.0.1 would be "same origin".
      if (!hostAllowed(req.headers.host)) {
        return refuse(
          res,
          403,
          'forbidden',
          'The web harness answers 127.0.0.1 and localhost only.',
        )
      }
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
      const { pathname } = url
      if (req.method === 'OPTIONS') {
        // A preflight means another origin: never granted.
        return refuse(res, 403, 'forbidden', 'Cross-origin requests are not allowed.')
      }
      if (pathname === '/__harness/bridge.js' && req.method === 'GET') {
        return send(res, 200, bridgeJs, CONTENT_TYPES['.js'] as string)
      }
      if (pathname.startsWith('/__harness/')) {
        if (!tokenOk(req)) {
          return refuse(
            res,
            403,
            'forbidden',
            'This request did not come from the PerkPack page this harness served.',
          )
        }
        if (pathname === '/__harness/events' && req.method === 'GET') return openStream(req, res)
        const channel = /^\/__harness\/ipc\/([^/]+)$/.exec(pathname)?.[1]
        if (channel && req.method === 'POST') {
          return callChannel(decodeURIComponent(channel), req, res)
        }
        return refuse(res, 404, 'not_found', 'No such harness endpoint.')
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(res, 405, 'Method not allowed', 'text/plain; charset=utf-8', {
          allow: 'GET, HEAD',
        })
      }
      return serveStatic(pathname, res)
    })().catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? error.message : String(error)}`)
      if (!res.headersSent) refuse(res, 500, 'internal', 'The web harness failed on this request.')
      else res.destroy()
    })
  })

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  port = (server.address() as AddressInfo).port
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': ping\n\n')
  }, HEARTBEAT_MS)
  heartbeat.unref()

  let closed: Promise<void> | null = null
  const close = () => {
    closed ??= (async () => {
      clearInterval(heartbeat)
      for (const stream of streams) stream.end()
      streams.clear()
      await new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
      await services.dispose()
    })()
    return closed
  }

  let demo: Harness['demo'] = null
  try {
    await services.start()
    if (options.demo) {
      const started = await services.demo.start()
      demo = { campaignIds: started.campaignIds, jobIds: started.jobIds }
    }
  } catch (error) {
    await close()
    throw error
  }
  return { url: `http://127.0.0.1:${port}/`, port, services, demo, close }
}
