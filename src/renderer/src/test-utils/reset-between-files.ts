import { afterEach } from 'vitest'
import { disableAutoUnmount, enableAutoUnmount } from '@vue/test-utils'

// The renderer's test files share a worker's module cache and window (isolate: false in
// vitest.config.mts), so each file starts with nothing stored, as in a fresh window, and every
// component a test mounts is unmounted after the test, so none leaves a window listener, a
// search-field registration or a timer behind. (Disabled first: the previous file in this
// worker enabled it on the same module.)
localStorage.clear()
sessionStorage.clear()
disableAutoUnmount()
enableAutoUnmount(afterEach)
