import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { redact } from '../../../src/main/core/system/redact'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import { TeamLink } from '../../../src/main/team/team-link'
import { parseTeamUrl, teamPasswordAccount } from '../../../src/shared/team/team-url'

describe("the app's team link", () => {
  it('masks the keychain password of the team store in everything redacted once read', async () => {
    const raw = 'postgres://perkpack@127.0.0.1:5999/perkpack'
    const password = `pw-${randomBytes(8).toString('hex')}`
    const store = new MemorySecretStore()
    await store.set(teamPasswordAccount(parseTeamUrl(raw)), password)
    const link = new TeamLink({
      cache: () => {
        throw new Error('no cache needed')
      },
      teamUrl: () => raw,
      stationName: () => 'Desk A',
      secrets: () => store,
      changed: () => {},
      log: () => {},
    })
    expect(redact(`refused ${password}`)).toBe(`refused ${password}`)
    expect((await link.url(raw)).password).toBe(password)
    expect(redact(`refused ${password}`)).toBe('refused [redacted]')
  })
})
