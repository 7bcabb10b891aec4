import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBridge, NOW } from '@renderer/test-utils/fakeBridge'
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
})
