import type { Session, WebContents } from 'electron'
import { windowOpenAction } from './renderer-location'

/**
 * Every web contents, present and future (index.ts calls this from `web-contents-created`): it
 * shows our page and nothing else. No navigation or redirect away from the page, no <webview>,
 * no new window; the platform's pages open in the system browser through `openExternal`.
 */
export function lockDown(
  contents: WebContents,
  isAppUrl: (url: string) => boolean,
  openExternal: (url: string) => void,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  // Links with target=_blank land here: the platform's pages open in the browser, nothing else.
  contents.setWindowOpenHandler(({ url }) => {
    if (windowOpenAction(url) === 'open-in-browser') openExternal(url)
    return { action: 'deny' }
  })
}

/**
 * The session's permissions: PerkPack needs none (no camera, microphone, notifications,
 * geolocation, clipboard reads, ...), so every request is refused and every check answers no,
 * whichever page asks.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}
