import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { useNavigationStore } from './navigation'

describe('useNavigationStore', () => {
  beforeEach(() => {
    sessionStorage.clear()
    setActivePinia(createPinia())
  })

  it('comes back to the view it was on after a reload of the window', async () => {
    expect(useNavigationStore().view).toBe('campaigns')
    useNavigationStore().go('printexport')
    await nextTick()
    // A reload: the page's stores start again, the window's session storage stays.
    setActivePinia(createPinia())
    expect(useNavigationStore().view).toBe('printexport')
  })

  it('starts on Campaigns when what it kept is no view', () => {
    sessionStorage.setItem('perkpack.view', 'nowhere')
    expect(useNavigationStore().view).toBe('campaigns')
  })
})
