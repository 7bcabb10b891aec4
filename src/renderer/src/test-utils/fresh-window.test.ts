import { describe, expect, it, vi } from 'vitest'
import { createTestingPinia } from '@pinia/testing'
import { createPinia, getActivePinia } from 'pinia'
import { useShrinkStore } from '@renderer/stores/shrink'
import { fakeBridge } from './fakeBridge'
import { resetToFreshWindow } from './fresh-window'

// The renderer's files share one window per worker: what one leaves must not reach the next.
const noop = () => 0
describe('resetToFreshWindow', () => {
  it('lets the next file use the Pinia it makes after a testing Pinia was left active', () => {
    createTestingPinia({ createSpy: vi.fn })
    resetToFreshWindow()
    expect(getActivePinia()).toBeUndefined()
    const pinia = createPinia()
    const shrink = useShrinkStore(pinia)
    shrink.ask({
      campaignId: 1,
      currentCount: 10,
      incomingCount: 1,
      incomingProblemCount: 0,
      fewerOrders: true,
      addressesLost: null,
    })
    // A store of the testing Pinia would have its actions stubbed: nothing asked.
    expect(shrink.pending?.campaignId).toBe(1)
    expect(pinia.state.value).toHaveProperty('shrink')
  })

  it.each([
    [
      'faked, then stubbed',
      () => (vi.useFakeTimers(), vi.stubGlobal('requestAnimationFrame', noop)),
    ],
    [
      'stubbed, then faked',
      () => (vi.stubGlobal('requestAnimationFrame', noop), vi.useFakeTimers()),
    ],
  ])('gives frames and timers back to the next file when they were %s', async (_, leave) => {
    leave()
    resetToFreshWindow()
    expect(vi.isFakeTimers()).toBe(false)
    // The window's own frame and timer: both come (fake or stubbed ones would never fire).
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await new Promise((resolve) => setTimeout(resolve, 1))
  })

  it('takes back the bridge, storage, the page, its styles and navigator', () => {
    fakeBridge()
    localStorage.setItem('perkpack.currentCampaign', '7')
    document.body.innerHTML = '<div class="n-modal-container">left behind</div>'
    document.head.innerHTML = '<style cssr-id="n-button">.n-button {}</style>'
    document.documentElement.style.colorScheme = 'dark'
    const writeText = vi.fn()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })

    resetToFreshWindow()

    expect('perkpack' in window).toBe(false)
    expect(localStorage.length).toBe(0)
    expect(document.body.innerHTML).toBe('')
    expect(document.head.innerHTML).toBe('')
    expect(document.documentElement.getAttribute('style')).toBeNull()
    expect(navigator.clipboard.writeText).not.toBe(writeText)
  })
})
