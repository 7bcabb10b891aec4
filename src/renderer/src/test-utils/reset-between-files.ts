import { afterEach } from 'vitest'
import { disableAutoUnmount, enableAutoUnmount } from '@vue/test-utils'
import { resetToFreshWindow } from './fresh-window'

// Run before each test file: it starts with the window a fresh worker would give it.
resetToFreshWindow()

// Every component a test mounts is unmounted after the test, so none leaves a window listener,
// a search-field registration or a timer behind. (Disabled first: this file runs once a file.)
disableAutoUnmount()
enableAutoUnmount(afterEach)
