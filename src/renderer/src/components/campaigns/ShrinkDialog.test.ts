import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia } from 'pinia'
import ShrinkDialog from './ShrinkDialog.vue'
import type { ShrinkPending } from '@shared/ipc'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useShrinkStore } from '@renderer/stores/shrink'
import { fail, fakeBridge, syncSummary } from '@renderer/test-utils/fakeBridge'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

const QUESTION: ShrinkPending = {
  campaignId: 1001,
  currentCount: 5000,
  incomingCount: 1200,
  incomingProblemCount: 3,
  fewerOrders: true,
  addressesLost: null,
}

async function mountDialog(overrides: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge(overrides)
  const pinia = createPinia()
  const campaigns = useCampaignsStore(pinia)
  campaigns.open(1001)
  mountWithProviders(ShrinkDialog, { pinia })
  await flushPromises()
  return { fake, campaigns, shrink: useShrinkStore(pinia) }
}

const text = () => document.body.textContent ?? ''

describe('ShrinkDialog', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    localStorage.clear()
  })

  it('stays closed without a question, and asks main for one when a campaign opens', async () => {
    const { fake } = await mountDialog()
    expect(fake.calls.pendingShrink).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(text()).not.toContain('far fewer orders')
  })

  it('shows both counts, and "Keep" keeps the current copy', async () => {
    const { fake, shrink } = await mountDialog({
      pendingShrink: () => QUESTION,
      resolveShrink: ({ campaignId }) => syncSummary({ campaignId, count: 5000 }),
    })
    expect(text()).toContain('This sync found far fewer orders')
    expect(document.querySelector('[data-testid="shrink-current"]')?.textContent).toBe(
      '5,000 orders',
    )
    expect(document.querySelector('[data-testid="shrink-incoming"]')?.textContent).toBe(
      '1,200 orders, and 3 it could not read',
    )
    buttonByName('Keep the current copy').click()
    await flushPromises()
    expect(fake.calls.resolveShrink).toHaveBeenCalledWith({ campaignId: 1001, choice: 'keep' })
    expect(shrink.pending).toBeNull()
    expect(text()).toContain('Kept the current offline copy (5,000 orders).')
  })

  it('asks about the addresses when the copy would lose them, not about the count', async () => {
    const { fake } = await mountDialog({
      pendingShrink: () => ({
        ...QUESTION,
        incomingCount: 4990,
        fewerOrders: false,
        addressesLost: 'api-token-only',
      }),
      resolveShrink: ({ campaignId }) => syncSummary({ campaignId, count: 4990 }),
    })
    expect(text()).toContain('This sync got no e-mails or addresses')
    expect(text()).not.toContain('far fewer orders')
    expect(text()).toContain(
      'This sync got no e-mails or shipping addresses (it was signed in with an API token only).',
    )
    expect(text()).toContain("Sign in with a team member's e-mail and password, then sync again.")
    buttonByName('Replace without addresses').click()
    await flushPromises()
    expect(fake.calls.resolveShrink).toHaveBeenCalledWith({ campaignId: 1001, choice: 'replace' })
  })

  it('says so when the far smaller copy has no addresses either', async () => {
    const { fake } = await mountDialog({
      pendingShrink: () => ({ ...QUESTION, addressesLost: 'not-on-team' }),
      resolveShrink: ({ campaignId }) => syncSummary({ campaignId, count: 1200 }),
    })
    expect(text()).toContain('This sync found far fewer orders, and no addresses')
    expect(text()).toContain("the account you signed in with is not on the campaign's team")
    buttonByName('Replace with the smaller copy, without addresses').click()
    await flushPromises()
    expect(fake.calls.resolveShrink).toHaveBeenCalledWith({ campaignId: 1001, choice: 'replace' })
  })

  it('"Replace" replaces it and announces the new copy like a finished sync', async () => {
    const { fake, campaigns } = await mountDialog({
      pendingShrink: () => QUESTION,
      resolveShrink: ({ campaignId }) => syncSummary({ campaignId, count: 1200 }),
    })
    buttonByName('Replace with the smaller copy').click()
    await flushPromises()
    expect(fake.calls.resolveShrink).toHaveBeenCalledWith({ campaignId: 1001, choice: 'replace' })
    expect(campaigns.lastOutcome).toMatchObject({
      campaignId: 1001,
      kind: 'completed',
      summary: { count: 1200 },
    })
    expect(document.querySelector('[data-testid="shrink-current"]')).toBeNull()
  })

  it('closes and says so when main no longer holds the question', async () => {
    const { shrink } = await mountDialog({
      pendingShrink: () => QUESTION,
      resolveShrink: () => fail('shrink_not_pending', 'No smaller copy is waiting.'),
    })
    buttonByName('Keep the current copy').click()
    await flushPromises()
    expect(shrink.pending).toBeNull()
    expect(document.querySelector('[data-testid="shrink-current"]')).toBeNull()
    expect(text()).toContain('No smaller copy is waiting.')
  })
})

describe('ShrinkDialog for screen readers', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('is an alertdialog named by its title: the question interrupts the person', async () => {
    await mountDialog({ pendingShrink: () => QUESTION })
    const dialog = document.querySelector('[role="alertdialog"]')
    expect(dialog?.getAttribute('aria-label')).toMatch(/far fewer orders/i)
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })
})
