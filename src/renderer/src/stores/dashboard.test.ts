import { afterEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useCampaignsStore } from './campaigns'
import { useDashboardStore } from './dashboard'
import { useNavigationStore } from './navigation'
import { useSessionStore } from './session'
import { dashboardPreview } from '@renderer/test-utils/dashboardPreview'
import { campaignSummary, fail, fakeBridge } from '@renderer/test-utils/fakeBridge'

const imported = campaignSummary({
  title: 'Spring run',
  count: 150,
  source: {
    kind: 'dashboard-file',
    fileName: 'contributions.csv',
    importedAt: '2026-11-24T10:42:00Z',
  },
})

function setUp(overrides: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge({
    previewDashboardImport: ({ campaignId }) => dashboardPreview({ campaignId }),
    importDashboardFile: () => ({
      outcome: 'imported',
      campaign: imported,
      problemRows: 1,
      fileName: 'contributions.csv',
    }),
    recentCampaigns: () => [imported],
    ...overrides,
  })
  setActivePinia(createPinia())
  return { fake, store: useDashboardStore() }
}

describe('the dashboard import store', () => {
  afterEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('asks for the campaign ID before asking main for a file', async () => {
    const { fake, store } = setUp()
    store.start({ fromSignIn: true })
    expect(store.asksId).toBe(true)
    await store.chooseFile()
    expect(store.idProblem).toMatch(/Enter the campaign ID/)
    expect(fake.calls.previewDashboardImport).not.toHaveBeenCalled()
    store.campaignId = 1001
    await store.chooseFile()
    expect(fake.calls.previewDashboardImport).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(store.idProblem).toBeNull()
    expect(store.preview?.orders).toBe(150)
  })

  it('a cancelled file dialog leaves the form as it was', async () => {
    const { store } = setUp({ previewDashboardImport: () => null })
    store.start({ campaignId: 1001 })
    await store.chooseFile()
    expect(store.preview).toBeNull()
    expect(store.error).toBeNull()
    expect(store.show).toBe(true)
  })

  it('from the sign-in screen: writes the preview with its name, then opens it offline on Orders', async () => {
    const { fake, store } = setUp()
    store.start({ fromSignIn: true })
    store.campaignId = 1001
    store.name = '  Spring run '
    await store.chooseFile()
    expect(await store.replace()).toBe(true)
    expect(fake.calls.importDashboardFile).toHaveBeenCalledWith({
      campaignId: 1001,
      previewId: 7,
      name: 'Spring run',
    })
    expect(useSessionStore().inWorkspace).toBe(true)
    expect(localStorage.getItem('perkpack.workingOffline')).toBe('yes')
    expect(useCampaignsStore().currentId).toBe(1001)
    expect(useNavigationStore().view).toBe('orders')
    expect(store.show).toBe(false)
    expect(store.imported).toMatchObject({ fileName: 'contributions.csv', problemRows: 1 })
  })

  it('from a campaign: no name is sent and the workspace stays signed in as it was', async () => {
    const { fake, store } = setUp()
    store.start({ campaignId: 1001 })
    await store.chooseFile()
    await store.replace()
    expect(fake.calls.importDashboardFile).toHaveBeenCalledWith({ campaignId: 1001, previewId: 7 })
    expect(useSessionStore().workingOffline).toBe(false)
    expect(useNavigationStore().view).toBe('campaigns')
  })

  it('a much smaller file asks first, then replaces with acceptShrink', async () => {
    const { fake, store } = setUp({
      previewDashboardImport: () =>
        dashboardPreview({ orders: 20, shrink: true, current: { ...imported } }),
    })
    store.start({ campaignId: 1001 })
    await store.chooseFile()
    expect(await store.replace()).toBe(false)
    expect(store.askShrink).toBe(true)
    expect(fake.calls.importDashboardFile).not.toHaveBeenCalled()
    expect(await store.replace()).toBe(true)
    expect(fake.calls.importDashboardFile).toHaveBeenCalledWith({
      campaignId: 1001,
      previewId: 7,
      acceptShrink: true,
    })
  })

  it('a file changed since its preview shows the new preview and writes nothing', async () => {
    const { store } = setUp({
      importDashboardFile: () => ({
        outcome: 'changed',
        preview: dashboardPreview({ previewId: 8, orders: 149 }),
      }),
    })
    store.start({ campaignId: 1001 })
    await store.chooseFile()
    expect(await store.replace()).toBe(false)
    expect(store.changed).toBe(true)
    expect(store.preview).toMatchObject({ previewId: 8, orders: 149 })
    expect(store.show).toBe(true)
    expect(useCampaignsStore().currentId).toBeNull()
  })

  it("shows main's words when a file is not a dashboard export, and the copy grew since", async () => {
    const { store } = setUp({
      previewDashboardImport: () =>
        fail(
          'usage',
          'orders.csv is not a dashboard contributions export: it has no Perk ID column.',
        ),
    })
    store.start({ campaignId: 1001 })
    await store.chooseFile()
    expect(store.error).toBe(
      'orders.csv is not a dashboard contributions export: it has no Perk ID column.',
    )

    const grew = setUp({
      importDashboardFile: () => fail('sync_shrank', 'Nothing was replaced.'),
    }).store
    grew.start({ campaignId: 1001 })
    await grew.chooseFile()
    await grew.replace()
    expect(grew.askShrink).toBe(true)
    expect(grew.error).toBe('Nothing was replaced.')
    expect(grew.preview).not.toBeNull()
  })

  it('Cancel lets main drop the rows it read', async () => {
    const { fake, store } = setUp()
    store.start({ campaignId: 1001 })
    await store.chooseFile()
    store.cancel()
    expect(fake.calls.discardDashboardPreview).toHaveBeenCalledWith({ previewId: 7 })
    expect(store.preview).toBeNull()
    expect(store.show).toBe(false)
  })
})
