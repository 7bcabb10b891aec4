import { vi } from 'vitest'
import { setActivePinia } from 'pinia'

/** The globals fake timers and stubs replace: each file gets the window's own back. */
const TIMER_GLOBALS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'queueMicrotask',
  'Date',
  'performance',
] as const
/** On globalThis, not in this module: a file's vi.resetModules() would make a second copy. */
const PRISTINE = Symbol.for('perkpack.test.pristineTimerGlobals')

interface Pristine {
  descriptor: PropertyDescriptor | undefined
  value: unknown
}

/** The timer globals as the worker had them before any test file (recorded on the first call). */
function pristineTimerGlobals(): Map<string, Pristine> {
  const holder = globalThis as unknown as Record<symbol, Map<string, Pristine>>
  holder[PRISTINE] ??= new Map(
    TIMER_GLOBALS.map((name) => [
      name,
      {
        descriptor: Object.getOwnPropertyDescriptor(globalThis, name),
        value: (globalThis as Record<string, unknown>)[name],
      },
    ]),
  )
  return holder[PRISTINE]
}

/**
 * Puts the shared window back to what a fresh worker has: the renderer's test files share one
 * window and one module cache per worker (isolate: false in vitest.config.mts), and what one file
 * leaves behind must not reach the next (reset-between-files.ts calls this before each file).
 */
export function resetToFreshWindow(): void {
  const pristine = pristineTimerGlobals()
  // Nothing stored.
  localStorage.clear()
  sessionStorage.clear()
  // No active Pinia. Under NODE_ENV=test Pinia ignores the Pinia a test passes to a store while the
  // active one is a testing Pinia, so a createTestingPinia() left active by the previous file
  // turned the next file's useXStore(pinia) into stubs (ShrinkDialog failed after other files).
  setActivePinia(undefined)
  // Real timers, no stubbed globals, no bridge: a file that faked or installed them is over.
  // Undoing fake timers and stubs each puts back what was there when it began, so a file that
  // faked timers and stubbed requestAnimationFrame left one of the two behind whichever went
  // first (the next file's frames then never came): the window's own are put back last.
  vi.useRealTimers()
  vi.unstubAllGlobals()
  for (const [name, { descriptor, value }] of pristine) {
    if (!descriptor) {
      Reflect.deleteProperty(globalThis, name)
      continue
    }
    Object.defineProperty(globalThis, name, descriptor)
    // The environment's window globals are accessors over values a fake may have set: set the
    // window's own value back through them.
    if (descriptor.set) (globalThis as Record<string, unknown>)[name] = value
  }
  delete (window as Partial<Window>).perkpack
  // An empty page: nothing a previous file teleported to the body or left mounted, no page style.
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('style')
  // No styles of the components earlier files mounted: naive-ui looks for its style in the head
  // at every mount (and adds it when missing), so a head holding every file's styles made each
  // mount slower the later its file ran.
  document.head.innerHTML = ''
  // What a test set on navigator itself (a clipboard of its own) no longer hides the window's.
  for (const key of Object.getOwnPropertyNames(navigator)) {
    if (key in Navigator.prototype) Reflect.deleteProperty(navigator, key)
  }
}
