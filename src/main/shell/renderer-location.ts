import { APP_ORIGIN, APP_PAGE_PATH, APP_PAGE_URL } from './app-protocol'
import { isAllowedExternalUrl } from './external-links'

/**
 * Where the window's page comes from, and the one rule every URL check follows (navigation,
 * redirects, the IPC sender check): the packaged or built app is app://perkpack/index.html;
 * electron-vite's dev server only while developing. Pure, so the decisions are tested without
 * Electron.
 */
export type RendererLocation =
  { kind: 'app'; url: string } | { kind: 'dev-server'; url: string; origin: string }

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * `ELECTRON_RENDERER_URL` (set by `electron-vite dev`) counts only in an unpackaged app, and only
 * for an http(s) server on this computer: in an installed app an environment variable must not
 * be able to hand the preload's bridge to another page.
 */
export function rendererLocation(
  devUrl: string | undefined,
  isPackaged: boolean,
): RendererLocation {
  if (isPackaged || !devUrl) return { kind: 'app', url: APP_PAGE_URL }
  let url: URL
  try {
    url = new URL(devUrl)
  } catch {
    return { kind: 'app', url: APP_PAGE_URL }
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:'
  if (!web || !LOOPBACK_HOSTS.has(url.hostname) || url.username || url.password) {
    return { kind: 'app', url: APP_PAGE_URL }
  }
  return { kind: 'dev-server', url: devUrl, origin: url.origin }
}

/**
 * Whether `value` is the renderer's page, which alone may be navigated to and talk to main. In the
 * app: app://perkpack/index.html with any hash or query (the routes), nothing else on that origin
 * (a stylesheet is not a page). On the dev server: any path of its origin (it serves modules from
 * everywhere). Never file://, another host, a port, or credentials.
 */
export function isRendererPage(value: string, location: RendererLocation): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '') return false
  if (location.kind === 'dev-server') return url.origin === location.origin
  // URL.origin is "null" for a scheme Node does not know as special: compare the parts.
  return `${url.protocol}//${url.host}` === APP_ORIGIN && url.pathname === APP_PAGE_PATH
}

/**
 * A window.open or target=_blank link: never a new Electron window. The platform's pages go to
 * the system browser; everything else, our own page included, is dropped.
 */
export function windowOpenAction(url: string): 'open-in-browser' | 'deny' {
  return isAllowedExternalUrl(url) ? 'open-in-browser' : 'deny'
}
