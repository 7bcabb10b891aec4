import { afterEach, describe, expect, it } from 'vitest'
import { KeychainSecretStore, MemorySecretStore } from '../../../src/main/core/session/secrets'
import { NO_DESKTOP } from '../../../src/main/export/desktop-port'
import { createNetworkFeature } from '../../../src/main/network/network-feature'
import { createSessionFeature } from '../../../src/main/session/session-feature'
import type { SessionFeatureDeps } from '../../../src/main/session/session-feature'
import { cleanupApps, tempDir } from '../../helpers/app'

afterEach(cleanupApps)

function session(env: Record<string, string | undefined>, extra: Partial<SessionFeatureDeps> = {}) {
  const basics = { dataDir: tempDir(), env, log: () => {}, now: Date.now, emit: () => {} }
  const built = createSessionFeature({
    ...basics,
    desktop: NO_DESKTOP,
    network: createNetworkFeature(basics),
    harness: false,
    leavingHost: () => {},
    signedIn: () => {},
    ...extra,
  })
  built.connection.close()
  return built
}

describe('the session feature', () => {
  it('keeps secrets in the store it is given, whatever the environment says', () => {
    const store = new MemorySecretStore()
    const built = session({ PERKPACK_SECRET_STORE: 'keychain' }, { secretStore: () => store })
    expect(built.connection.keychain).toBe(store)
  })

  it('keeps them in memory with PERKPACK_SECRET_STORE=memory, else in the OS keychain', () => {
    expect(session({ PERKPACK_SECRET_STORE: 'memory' }).connection.keychain).toBeInstanceOf(
      MemorySecretStore,
    )
    expect(session({}).connection.keychain).toBeInstanceOf(KeychainSecretStore)
  })
})
