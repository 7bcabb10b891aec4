import { afterAll, describe, expect, it, vi } from 'vitest'
import { cleanupApps, makeApp } from '../../helpers/app'
import { isRendererPage, rendererLocation } from '../../../src/main/shell/renderer-location'

const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>()
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) =>
      handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}))

afterAll(cleanupApps)

describe('registerHandlers (Electron glue, with ipcMain faked)', () => {
  it('answers only the top frame of our own page, and validates what it sends', async () => {
    const { registerHandlers } = await import('../../../src/main/ipc/register')
    const app = await makeApp()
    const built = rendererLocation(undefined, true)
    const unregister = registerHandlers(app.table, (url) => isRendererPage(url, built))
    const appUrl = 'app://perkpack/index.html#/orders'

    const mainFrame = { url: appUrl }
    const event = (frame: { url: string } | null, top = mainFrame) => ({
      senderFrame: frame,
      sender: { mainFrame: top },
    })
    const invoke = (e: unknown, channel: string, ...args: unknown[]) =>
      handlers.get(channel)!(e, ...args)

    expect(await invoke(event(mainFrame), 'settings:get')).toMatchObject({ ok: true })
    const iframe = { url: appUrl }
    expect(await invoke(event(iframe), 'settings:get')).toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    })
    const elsewhere = { url: 'https://evil.example/' }
    expect(await invoke(event(elsewhere, elsewhere), 'settings:get')).toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    })
    // The page as it used to load, and another app:// host: not PerkPack's window any more.
    for (const url of [
      'file:///opt/PerkPack/resources/app.asar/out/renderer/index.html',
      'app://other/index.html',
    ]) {
      const frame = { url }
      expect(await invoke(event(frame, frame), 'settings:get')).toMatchObject({
        ok: false,
        error: { code: 'untrusted_sender' },
      })
    }
    expect(await invoke(event(null), 'settings:get')).toMatchObject({ ok: false })
    expect(await invoke(event(mainFrame), 'orders:open', { campaignId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    })
    unregister()
    expect(handlers.size).toBe(0)
  })
})
