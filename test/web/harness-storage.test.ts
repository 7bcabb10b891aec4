import { describe, expect, it } from 'vitest'
import { defaultDataDir } from '../../src/main/core/session/profile'
import { harnessStorage } from '../../src/web/harness-storage'

describe("the harness's data folder and secret store", () => {
  it('by default: a temporary folder and memory, even where the keychain is the default', () => {
    expect(harnessStorage({ XDG_CONFIG_HOME: '/home/p/.config' }, false)).toEqual({
      dataDir: null,
      secretStore: 'memory',
    })
  })

  it('keeps a PERKPACK_DATA_DIR the caller chose, still with tokens in memory', () => {
    expect(harnessStorage({ PERKPACK_DATA_DIR: '/srv/run' }, false)).toEqual({
      dataDir: '/srv/run',
      secretStore: 'memory',
    })
  })

  it("with --profile: the app's own data folder and the OS keychain", () => {
    const env = { XDG_CONFIG_HOME: '/home/p/.config' }
    expect(harnessStorage(env, true)).toEqual({
      dataDir: defaultDataDir(env),
      secretStore: 'keychain',
    })
    expect(harnessStorage({ ...env, PERKPACK_DATA_DIR: '/srv/run' }, true).dataDir).toBe('/srv/run')
    expect(harnessStorage({ PERKPACK_SECRET_STORE: 'memory' }, true).secretStore).toBe('memory')
  })
})
