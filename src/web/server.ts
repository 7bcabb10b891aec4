import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { createHandlers } from '../main/ipc/handler-table'
import { AppServices } from '../main/app-services'
import type { AppServicesOptions } from '../main/app-services'
import { defaultDataDir } from '../main/services/profile'
import { EventStreams } from './event-stream'
import { bundleBridge, harnessIndexHtml } from './harness-page'
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
  /** 0 (the default here) picks a free port. */
  port?: number
  /** Start the bundled simulator and sign in to it, like "Try the demo". */
  demo?: boolean
  /**
   * PERKPACK_BASE_URL, PERKPACK_AUTH_URL, PERKPACK_DATA_DIR, PERKPACK_SECRET_STORE,
   * PERKPACK_EXPORT_DIR (where exports are saved; default `<data dir>/exports`),
   * PERKPACK_IMPORT_DIR (where "open" dialogs pick the newest file; default `<data dir>/imports`) and
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

/** The same AppServices as the main process, saving and printing through the harness desktop. */
function harnessServices(
  options: HarnessOptions,
  events: EventStreams,
  log: (line: string) => void,
) {
  const env = options.env ?? process.env
  const dataDir = env.PERKPACK_DATA_DIR || defaultDataDir(env as NodeJS.ProcessEnv)
  return new AppServices({
    dataDir,
    log,
    desktop: harnessDesktop({
      exportDir: env.PERKPACK_EXPORT_DIR || join(dataDir, 'exports'),
      ownsExportDir: !env.PERKPACK_EXPORT_DIR,
      importDir: env.PERKPACK_IMPORT_DIR || join(dataDir, 'imports'),
      chromium: env.PERKPACK_CHROMIUM || '/usr/bin/chromium',
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
 * The app without Electron: the same AppServices and handler table as the main process,
 * behind a loopback HTTP server that also serves the built renderer. What stands in for
 * Electron's process boundary is a per-run token only our page can read, required on every call.
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
  const [bridgeJs, indexHtml] = await Promise.all([
    bundleBridge(),
    harnessIndexHtml(indexFile, token.value),
  ])
  const events = new EventStreams()
  const services = harnessServices(options, events, log)
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
      serveStatic: staticFiles(rendererDir, indexHtml),
      log,
    }),
  )
  port = await listen(server, options.port ?? 0)
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
