import { afterEach, describe, expect, it } from 'vitest'
import { saveSettings } from '../../../src/main/core/session/profile'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import { NO_DESKTOP } from '../../../src/main/export/desktop-port'
import type { AppBasics } from '../../../src/main/feature-deps'
import { createNetworkFeature } from '../../../src/main/network/network-feature'
import { createOrdersFeature } from '../../../src/main/orders/orders-feature'
import { createSessionFeature } from '../../../src/main/session/session-feature'
import { createSettingsFeature } from '../../../src/main/settings/settings-feature'
import { createTeamFeature } from '../../../src/main/team/team-feature'
import { cleanupApps, tempDir } from '../../helpers/app'

afterEach(cleanupApps)

/** The team feature and the features it names, built as the composition root builds them. */
function teamFeature(dataDir: string) {
  const logged: string[] = []
  const basics: AppBasics = {
    dataDir,
    env: {},
    log: (line) => logged.push(line),
    now: Date.now,
    locale: 'en',
    emit: () => undefined,
    desktop: NO_DESKTOP,
  }
  const store = new MemorySecretStore()
  const session = createSessionFeature({
    ...basics,
    network: createNetworkFeature(basics),
    secretStore: () => store,
    harness: false,
    leavingHost: () => undefined,
    signedIn: () => undefined,
  })
  const settings = createSettingsFeature({ ...basics, session })
  const orders = createOrdersFeature({ ...basics, session, settings })
  const team = createTeamFeature({
    ...basics,
    session,
    settings,
    orders,
  })
  return { team, session, logged }
}

describe('the team feature', () => {
  // The cache stays locked (no connection.resume()): whatever asks for it fails, and says so.
  it('asks nothing of the team store at start without a team URL: the local record', async () => {
    const { team, session, logged } = teamFeature(tempDir())
    await team.start()
    expect(logged).toEqual([])
    expect(await team.link.desk()).toBeNull()
    session.connection.close()
  })

  it('opens the team desk at start with a team URL, logging what failed, not throwing', async () => {
    const dataDir = tempDir()
    saveSettings(dataDir, { teamUrl: 'postgres://perkpack@127.0.0.1:1/perkpack' })
    const { team, session, logged } = teamFeature(dataDir)
    await team.start()
    expect(logged).toEqual([expect.stringMatching(/^team store: .*offline copy is being opened/)])
    session.connection.close()
  })
})
