import type { Session, WebContents } from 'electron'
import { describe, expect, it } from 'vitest'
import { denyAllPermissions, lockDown } from '../../../src/main/shell/lock-down'
import { isRendererPage, rendererLocation } from '../../../src/main/shell/renderer-location'

type Listener = (event: { preventDefault(): void }, url?: string) => void

/** The few WebContents methods lockDown uses, recording what it registers. */
function fakeContents() {
  const listeners = new Map<string, Listener>()
  let openHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on(name: string, listener: Listener) {
      listeners.set(name, listener)
      return contents
    },
    setWindowOpenHandler(handler: typeof openHandler) {
      openHandler = handler
    },
  }
  /** Whether the listener for `name` cancelled the event. */
  const cancels = (name: string, url?: string): boolean => {
    let prevented = false
    listeners.get(name)!({ preventDefault: () => (prevented = true) }, url)
    return prevented
  }
  return {
    contents: contents as unknown as WebContents,
    cancels,
    open: (url: string) => openHandler!({ url }),
  }
}

function lockedDown() {
  const built = rendererLocation(undefined, true)
  const opened: string[] = []
  const fake = fakeContents()
  lockDown(
    fake.contents,
    (url) => isRendererPage(url, built),
    (url) => opened.push(url),
  )
  return { ...fake, opened }
}

describe('lockDown: every web contents shows our page and nothing else', () => {
  it('lets navigations and redirects reach app://perkpack/index.html only', () => {
    const { cancels } = lockedDown()
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(cancels(event, 'app://perkpack/index.html#/jobs')).toBe(false)
      for (const url of [
        'file:///opt/PerkPack/resources/app.asar/out/renderer/index.html',
        'app://evil/index.html',
        'https://www.indiegogo.com/',
        'http://localhost:5173/',
      ]) {
        expect(cancels(event, url)).toBe(true)
      }
    }
  })

  it('refuses every <webview>', () => {
    expect(lockedDown().cancels('will-attach-webview')).toBe(true)
  })

  it('opens no window: the platform in the browser, the rest dropped', () => {
    const { open, opened } = lockedDown()
    for (const url of [
      'https://www.indiegogo.com/projects/tidepool',
      'app://perkpack/index.html',
      'file:///etc/passwd',
      'https://evil.example/',
    ]) {
      expect(open(url)).toEqual({ action: 'deny' })
    }
    expect(opened).toEqual(['https://www.indiegogo.com/projects/tidepool'])
  })
})

describe('denyAllPermissions: the session grants nothing', () => {
  it('refuses every permission request and answers every check no', () => {
    let request: ((...args: unknown[]) => void) | undefined
    let check: ((...args: unknown[]) => boolean) | undefined
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    }
    denyAllPermissions(session as unknown as Session)
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read']) {
      const answers: boolean[] = []
      request!({}, permission, (granted: boolean) => answers.push(granted), {})
      expect(answers).toEqual([false])
      expect(check!({}, permission, 'app://perkpack', {})).toBe(false)
    }
  })
})
