import { describe, expect, it, vi } from 'vitest'

// Issue 11 M2: sign-out clears what the renderer kept (local storage, IndexedDB, caches), in
// Electron's glue behind the Desktop port. Electron's session is faked here.

const cleared: string[] = []
vi.mock('electron', () => ({
  app: {},
  BrowserWindow: class {},
  dialog: {},
  session: {
    defaultSession: {
      clearStorageData: async () => void cleared.push('storage'),
      clearCache: async () => void cleared.push('cache'),
    },
  },
}))

describe('electronDesktop (Electron faked)', () => {
  it("forgetLocalData clears the renderer's storage and cache", async () => {
    const { electronDesktop } = await import('../../../src/main/shell/electron-desktop')
    await electronDesktop(() => null).forgetLocalData?.()
    expect(cleared).toEqual(['storage', 'cache'])
  })
})
