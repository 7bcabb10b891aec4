import { vi } from 'vitest'
import { setActivePinia } from 'pinia'

/**
 * Puts the shared window back to what a fresh worker has: the renderer's test files share one
 * window and one module cache per worker (isolate: false in vitest.config.mts), and what one file
 * leaves behind must not reach the next (reset-between-files.ts calls this before each file).
 */
export function resetToFreshWindow(): void {
  // Nothing stored.
  localStorage.clear()
  sessionStorage.clear()
  // No active Pinia. Under NODE_ENV=test Pinia ignores the Pinia a test passes to a store while the
  // active one is a testing Pinia, so a createTestingPinia() left active by the previous file
  // turned the next file's useXStore(pinia) into stubs (ShrinkDialog failed after other files).
  setActivePinia(undefined)
  // Real timers, no stubbed globals, no bridge: a file that faked or installed them is over.
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (window as Partial<Window>).perkpack
  // An empty page: nothing a previous file teleported to the body or left mounted, no page style.
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('style')
  // What a test set on navigator itself (a clipboard of its own) no longer hides the window's.
  for (const key of Object.getOwnPropertyNames(navigator)) {
    if (key in Navigator.prototype) Reflect.deleteProperty(navigator, key)
  }
}
