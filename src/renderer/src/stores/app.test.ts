import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useAppStore } from './app'

describe('useAppStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads the API target from the bridge', async () => {
    const fake = fakeBridge()
    const store = useAppStore()
    const pending = store.load()
    expect(store.loading).toBe(true)
    await pending
    expect(fake.calls.appInfo).toHaveBeenCalledOnce()
    expect(store.info?.harness).toBe(true)
    expect(store.info?.baseUrl).toBe('http://127.0.0.1:4010')
    expect(store.loading).toBe(false)
    expect(store.error).toBeNull()
  })

  it("keeps main's message of a failed call", async () => {
    fakeBridge({ appInfo: () => fail('usage', 'PERKPACK_BASE_URL is not a URL') })
    const store = useAppStore()
    await store.load()
    expect(store.info).toBeNull()
    expect(store.error).toBe('PERKPACK_BASE_URL is not a URL')
  })
})
