import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import AppWorkspace from './AppWorkspace.vue'
import { campaignSummary, fakeBridge, NOW, sessionInfo } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('AppWorkspace', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows only the sign-in view until signed in', async () => {
    fakeBridge()
    const pinia = createPinia()
    setActivePinia(pinia)
    mountWithProviders(AppWorkspace, { pinia })
    await flushPromises()
    expect(document.querySelector('input[aria-label="API token"]')).not.toBeNull()
    expect(document.querySelector('ul[aria-label="Views"]')).toBeNull()
  })

  it('opens the workspace without sign-in when working from imported files, until "Sign in…"', async () => {
    localStorage.setItem('perkpack.workingOffline', 'yes')
    const source = {
      kind: 'dashboard-file' as const,
      fileName: 'contributions.csv',
      importedAt: NOW,
    }
    const fake = fakeBridge({ recentCampaigns: () => [campaignSummary({ source })] })
    const pinia = createPinia()
    setActivePinia(pinia)
    mountWithProviders(AppWorkspace, { pinia })
    await flushPromises()
    expect(document.querySelector('ul[aria-label="Views"]')).not.toBeNull()
    expect(document.body.textContent).toContain('Not signed in: imported files')
    expect(document.body.textContent).toContain('Working offline, without signing in')
    // An account's batch jobs need the API: not asked for without one.
    expect(fake.calls.listJobs).not.toHaveBeenCalled()
    ;[...document.querySelectorAll('button')]
      .find((b) => b.textContent?.trim() === 'Sign in…')
      ?.click()
    await flushPromises()
    expect(document.querySelector('input[aria-label="API token"]')).not.toBeNull()
    expect(localStorage.getItem('perkpack.workingOffline')).toBeNull()
  })

  it('wires main events to the shell while mounted, and lets go on unmount', async () => {
    const fake = fakeBridge({
      sessionStatus: () => sessionInfo(),
      recentCampaigns: () => [campaignSummary()],
    })
    const pinia = createPinia()
    setActivePinia(pinia)
    const wrapper = mountWithProviders(AppWorkspace, { pinia })
    await flushPromises()
    expect(document.querySelector('ul[aria-label="Views"]')).not.toBeNull()
    expect(document.body.textContent).toContain('Tidepool')

    fake.emit('network:status', { online: false, since: NOW })
    await flushPromises()
    expect(document.querySelector('[aria-label="Offline: showing saved data"]')).not.toBeNull()

    fake.emit('session:expired', { email: 'staff@perkpack.test', message: 'Session expired.' })
    await flushPromises()
    expect(document.body.textContent).toContain('Sign in again')
    // The screen behind the dialog stays.
    expect(document.querySelector('ul[aria-label="Views"]')).not.toBeNull()

    wrapper.unmount()
    for (const event of [
      'sync:progress',
      'jobs:update',
      'network:status',
      'session:expired',
      'print:slipsProgress',
    ] as const)
      expect(fake.listenerCount(event)).toBe(0)
  })
})
