import { afterEach } from 'vitest'
import { disableAutoUnmount, enableAutoUnmount } from '@vue/test-utils'

// Each file starts with nothing stored, as in a fresh window, and every component a test mounts
// is unmounted after the test, so none leaves a window listener, a search-field registration or
// a timer behind. (Disabled first, in case this module was set up before in the same worker.)
localStorage.clear()
sessionStorage.clear()
disableAutoUnmount()
enableAutoUnmount(afterEach)
