import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { app, BrowserWindow, dialog, Menu, protocol, screen, session, shell } from 'electron'
import type { MenuItemConstructorOptions } from 'electron'
import { RENDERER_CSP } from './shell/renderer-csp'
import { APP_SCHEME, createAppProtocolHandler } from './shell/app-protocol'
import { isRendererPage, rendererLocation } from './shell/renderer-location'
import { denyAllPermissions, lockDown } from './shell/lock-down'
import { createHandlers } from './handler-table'
import { AppServices } from './app-services'
import { readWindowState, restoreBounds, writeWindowState } from './shell/window-state'
import { electronDesktop } from './shell/electron-desktop'
import { registerHandlers } from './ipc/register'
import { defaultDataDir } from './core/session/profile'
import { describeError, redact } from './core/system/redact'
import { useElectronNativeBuilds } from './core/system/native-builds'

const rendererDir = join(__dirname, '../renderer')
const renderer = rendererLocation(process.env.ELECTRON_RENDERER_URL, app.isPackaged)
if (app.isPackaged && process.env.ELECTRON_RENDERER_URL) {
  console.error('perkpack: ELECTRON_RENDERER_URL is ignored: the installed app shows its own page.')
}
const isAppUrl = (url: string): boolean => isRendererPage(url, renderer)
/** main's lines on stderr, redacted: an error may quote a URL's token or the team password. */
const log = (line: string): void => console.error(`perkpack: ${redact(line)}`)

// Before `ready`, or Chromium treats app:// as an opaque, insecure scheme. standard: relative
// URLs and an origin of its own; secure: a secure context like https; supportFetchAPI: the
// module scripts load. No corsEnabled: no other origin may read from it.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

// Same folder as the `perkpack` command's defaultDataDir(): settings and caches are shared.
// Electron fixes userData from package.json's name at start-up, so setName alone is not enough.
app.setName('PerkPack')
// Unpackaged (npm start), the cache's addon is the Electron build kept apart from Node's.
useElectronNativeBuilds({
  electron: process.versions.electron,
  packaged: app.isPackaged,
  appRoot: app.getAppPath(),
})
const dataDir = process.env.PERKPACK_DATA_DIR || defaultDataDir()
app.setPath('userData', dataDir)
const windowStateFile = join(dataDir, 'window-state.json')

let mainWindow: BrowserWindow | null = null
let services: AppServices | null = null

function fail(message: string): void {
  dialog.showErrorBox('PerkPack cannot start', message)
  app.exit(1)
}

function createWindow(): BrowserWindow {
  const saved = readWindowState(windowStateFile)
  const bounds = restoreBounds(
    saved,
    screen.getAllDisplays().map((display) => display.workArea),
  )
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'PerkPack',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  })
  if (saved?.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  window.on('close', () => {
    writeWindowState(windowStateFile, {
      bounds: window.getNormalBounds(),
      maximized: window.isMaximized(),
    })
  })
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null
  })

  void window.loadURL(renderer.url)
  return window
}

function buildMenu(): void {
  const isMac = process.platform === 'darwin'
  // No reload item: Ctrl/Cmd+R is the app's "Sync now", and a reload would lose the screen.
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' } as MenuItemConstructorOptions]),
    ],
  }
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function start(): void {
  try {
    services = new AppServices({
      dataDir,
      env: process.env,
      locale: app.getLocale(),
      emit: (event, payload) => {
        for (const window of BrowserWindow.getAllWindows()) {
          if (!window.webContents.isDestroyed()) window.webContents.send(event, payload)
        }
      },
      log,
      // Dialogs belong to the main window, so they stay on top of it.
      desktop: electronDesktop(() => mainWindow),
    })
  } catch (error) {
    // A bad PERKPACK_BASE_URL, an unreadable data directory: say so and stop.
    fail(error instanceof Error ? error.message : String(error))
    return
  }
  const current = services
  registerHandlers(
    createHandlers(current, {
      openExternal: async (url) => {
        await shell.openExternal(url)
        return true
      },
      log,
    }),
    isAppUrl,
  )

  const defaultSession = session.defaultSession
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler(rendererDir, (file) => readFile(file), log),
  )
  denyAllPermissions(defaultSession)
  if (renderer.kind === 'dev-server') {
    // app:// sends the policy itself; the dev server's pages get it added here.
    defaultSession.webRequest.onHeadersReceived((details, callback) => {
      if (!isRendererPage(details.url, renderer)) return callback({})
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] },
      })
    })
  }

  buildMenu()
  mainWindow = createWindow()
  void current.start().catch((error: unknown) => log(describeError(error)))
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
  })
}

// Two instances would write the same cache and poll the same jobs twice.
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('web-contents-created', (_event, contents) =>
    lockDown(contents, isAppUrl, (url) => void shell.openExternal(url)),
  )
  void app.whenReady().then(start)
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => {
    void services?.dispose()
  })
}
