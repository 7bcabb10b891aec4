import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fail, fakeBridge, NOW } from '@renderer/test-utils/fakeBridge'
import { useCampaignsStore } from './campaigns'
import { useSignupsStore } from './signups'

const signups = ['ada@example.com', 'Grace@Navy.mil', 'linus@example.org'].map((email) => ({
  email,
  signup_time: NOW,
}))

describe('useSignupsStore', () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })

  it('loads the current campaign and filters e-mails case-insensitively', async () => {
    const fake = fakeBridge({
      signups: ({ campaignId }) => ({ campaignId, signups, savedAt: NOW, offline: false }),
    })
    useCampaignsStore().open(1001)
    const store = useSignupsStore()
    await store.load(true)
    expect(fake.calls.signups).toHaveBeenCalledWith({ campaignId: 1001, refresh: true })
    expect(store.filtered).toHaveLength(3)
    store.search = '  NAVY '
    expect(store.filtered.map((s) => s.email)).toEqual(['Grace@Navy.mil'])
    store.search = 'example'
    expect(store.filtered).toHaveLength(2)
    store.search = 'nobody'
    expect(store.filtered).toEqual([])
  })

  it('does not ask main without a campaign', async () => {
    const fake = fakeBridge()
    await useSignupsStore().load()
    expect(fake.calls.signups).not.toHaveBeenCalled()
  })

  it('exports the current campaign to a file; a cancel answers null, a failure keeps main’s words', async () => {
    let answer: () => unknown = () => ({ path: '/x/s.csv', signups: 3 })
    const fake = fakeBridge({ exportSignups: () => answer() as { path: string; signups: number } })
    useCampaignsStore().open(1001)
    const store = useSignupsStore()
    await expect(store.exportFile('xlsx')).resolves.toEqual({ path: '/x/s.csv', signups: 3 })
    expect(fake.calls.exportSignups).toHaveBeenCalledWith({ campaignId: 1001, format: 'xlsx' })
    answer = () => null
    await expect(store.exportFile('csv')).resolves.toBeNull()
    answer = () => fail('export_unwritable', 'Cannot write in /x (permission denied).')
    await expect(store.exportFile('csv')).resolves.toBeNull()
    expect(store.exportError).toBe('Cannot write in /x (permission denied).')
    expect(store.exporting).toBeNull()
  })
})
