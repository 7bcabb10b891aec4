import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createHandlers } from '../main/handler-table'
import { AppServices } from '../main/app-services'
import type { AppServicesOptions } from '../main/app-services'
import { MemorySecretStore } from '../main/core/session/secrets'
import { EventStreams } from './event-stream'
import { bundleBridge, harnessIndexHtml } from './harness-page'
import { TOKEN_QUERY } from './harness-protocol'
import { harnessStorage } from './harness-storage'
import { ipcEndpoint } from './ipc-endpoint'
import { PageToken } from './page-token'
import { RENDERER_DIR } from './repo-root'
import { requestRouter } from './request-router'
import { staticFiles } from './static-files'
import { harnessDesktop } from './web-desktop'

// What the harness's callers (npm run web, the web and e2e tests, the orders-view bench) import.
export { ensureRendererBuilt } from './renderer-build'
export { injectHarness } from './harness-page'
export { RENDERER_DIR, ROOT } from './repo-root'

export interface HarnessOptions {
  /** 0 (the default) lets the system pick a free port. */
  port?: number
  /** Start the bundled simulator and sign in to it, like "Try the demo". */
  demo?: boolean
  /**
   * The app's own data folder and the OS keychain (`--profile`); by default a temporary folder,
   * removed at close, and tokens in memory. See harness-storage.ts.
   */
  profile?: boolean
  /**
   * PERKPACK_BASE_URL, PERKPACK_AUTH_URL, PERKPACK_DATA_DIR, PERKPACK_SECRET_STORE (with `profile`),
   * PERKPACK_EXPORT_DIR (where exports are saved; default `<data dir>/exports`),
   * and PERKPACK_IMPORT_DIR (where "open" dialogs pick the newest file; default `<data dir>/imports`).
   */
  env?: Record<string, string | undefined>
  /** The built renderer (`electron-vite build` writes out/renderer). */
  rendererDir?: string
  log?: (line: string) => void
  /** Tests: faster retries and polling, a smaller demo, a shared secret store. */
  services?: Partial<Omit<AppServicesOptions, 'emit' | 'env' | 'harness'>>
}

export interface Harness {
  /** `http://127.0.0.1:PORT/`: what the page and its requests use once the cookie is set. */
  url: string
  /** The URL to open in a browser: `url` with the run's token, which it trades for a cookie. */
  openUrl: string
  /** The run's token, for programmatic clients' `x-perkpack-harness` header. */
  token: string
  port: number
  /** Settings and caches: a temporary folder unless `profile` or PERKPACK_DATA_DIR chose one. */
  dataDir: string
  /** True when `dataDir` is this run's own temporary folder, removed at close. */
  temporaryDataDir: boolean
  services: AppServices
  /** Set with `demo`: what "Try the demo" answered. */
  demo: { campaignIds: number[]; jobIds: string[] } | null
  close(): Promise<void>
}

/** The same AppServices as the main process, saving and printing through the harness desktop. */
function harnessServices(
  options: HarnessOptions,
  dataDir: string,
  secretStore: 'memory' | 'keychain',
  events: EventStreams,
  log: (line: string) => void,
) {
  const env = options.env ?? process.env
  return new AppServices({
    dataDir,
    log,
    // The keychain is AppServices' own default.
    ...(secretStore === 'memory' ? { secretStore: () => new MemorySecretStore() } : {}),
    desktop: harnessDesktop({
      exportDir: env.PERKPACK_EXPORT_DIR || join(dataDir, 'exports'),
      ownsExportDir: !env.PERKPACK_EXPORT_DIR,
      importDir: env.PERKPACK_IMPORT_DIR || join(dataDir, 'imports'),
    }),
    ...options.services,
    env,
    emit: (event, payload) => events.emit(event, payload),
    harness: true,
  })
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise<number>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolveListen((server.address() as AddressInfo).port)
    })
  })
}

/**
 * The app without Electron, for development and tests: the same AppServices and handler table as
 * the main process, behind a loopback HTTP server that also serves the built renderer. What
 * stands in for Electron's process boundary is a per-run token, handed over once in `openUrl` and
 * then held in an HttpOnly cookie, required on every request.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const log = options.log ?? ((line: string) => process.stderr.write(`perkpack web: ${line}\n`))
  const rendererDir = resolve(options.rendererDir ?? RENDERER_DIR)
  const indexFile = join(rendererDir, 'index.html')
  if (!existsSync(indexFile)) {
    throw new Error(
      `No built renderer at ${rendererDir}. Run \`npm run build\` (or \`npm run web -- --build\`).`,
    )
  }
  const token = new PageToken()
  const [bridgeJs, indexHtml] = await Promise.all([bundleBridge(), harnessIndexHtml(indexFile)])
  const storage = harnessStorage(options.env ?? process.env, options.profile ?? false)
  const dataDir = storage.dataDir ?? mkdtempSync(join(tmpdir(), 'perkpack-web-'))
  const removeDataDir = () => {
    if (storage.dataDir === null) rmSync(dataDir, { recursive: true, force: true })
  }
  const events = new EventStreams()
  const services = harnessServices(options, dataDir, storage.secretStore, events, log)
  // The page opens allowed links itself (see bridge-client.ts); main only approves them.
  const table = createHandlers(services, { openExternal: () => true, log })

  let port = 0
  const server = createServer(
    requestRouter({
      port: () => port,
      token,
      bridgeJs,
      events,
      callChannel: ipcEndpoint(table, events),
      serveStatic: staticFiles(rendererDir, indexHtml, log),
      log,
    }),
  )
  try {
    port = await listen(server, options.port ?? 0)
  } catch (error) {
    await services.dispose()
    removeDataDir()
    throw error
  }
  events.startHeartbeat()

  let closed: Promise<void> | null = null
  const close = () => {
    closed ??= (async () => {
      events.close()
      await new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
      await services.dispose()
      removeDataDir()
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
  const url = `http://127.0.0.1:${port}/`
  return {
    url,
    openUrl: `${url}?${TOKEN_QUERY}=${token.value}`,
    token: token.value,
    port,
    dataDir,
    temporaryDataDir: storage.dataDir === null,
    services,
    demo,
    close,
  }
}
