import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { AppInfo, PerkPackApi } from '../../../shared/ipc/contract'
import { useAppStore } from './app'

const info: AppInfo = {
  name: 'PerkPack',
  version: '0.1.0',
  baseUrl: 'http://127.0.0.1:4010',
  authUrl: 'http://127.0.0.1:4010',
  source: 'environment',
}

function installBridge(appInfo: PerkPackApi['appInfo']): void {
  window.perkpack = { appInfo }
}

describe('useAppStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads the API target from the bridge', async () => {
    const appInfo = vi.fn(async () => info)
    installBridge(appInfo)
    const store = useAppStore()
    const pending = store.load()
    expect(store.loading).toBe(true)
    await pending
    expect(appInfo).toHaveBeenCalledOnce()
    expect(store.info).toEqual(info)
    expect(store.loading).toBe(false)
    expect(store.error).toBeNull()
  })

  it('keeps the message of a failed call, without the IPC prefix', async () => {
    installBridge(async () => {
      throw new Error(
        "Error invoking remote method 'app:info': Error: PERKPACK_BASE_URL is not a URL",
      )
    })
    const store = useAppStore()
    await store.load()
    expect(store.info).toBeNull()
    expect(store.error).toBe('PERKPACK_BASE_URL is not a URL')
  })
})
