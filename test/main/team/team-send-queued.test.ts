import { describe, expect, it, vi } from 'vitest'
import type { TeamDesk } from '../../../src/main/core/team/team-desk'
import type { TeamLink } from '../../../src/main/team/team-link'
import { TeamSettings } from '../../../src/main/team/team-settings'

const URL = 'postgres://perkpack@127.0.0.1:5432/perkpack'

/** A desk whose outbox holds `queued` actions until its replay (when it ends) sends them. */
function deskWith(queued: { actions: number; packs: number }, replay: () => Promise<unknown>) {
  const left = { ...queued }
  const desk = {
    outboxSize: () => left.actions,
    queued: () => ({ ...left }),
    replay: vi.fn(async () => {
      await replay()
      left.actions = 0
      left.packs = 0
    }),
  }
  return desk
}

function settingsFor(desk: unknown, teamUrl: string | null = URL) {
  const link = { desk: async () => desk as TeamDesk, open: desk as TeamDesk } as unknown as TeamLink
  return new TeamSettings({
    link,
    secrets: () => {
      throw new Error('not used')
    },
    teamUrl: () => teamUrl,
    saveTeamUrl: () => undefined,
    stationName: () => 'Desk A',
    orderNumber: () => null,
    sendQueuedMs: 200,
  })
}

describe('team:sendQueued, asked before sign-out', () => {
  it('sends the queued actions first: nothing left when the store takes them', async () => {
    const desk = deskWith({ actions: 3, packs: 2 }, async () => undefined)
    expect(await settingsFor(desk).sendQueued()).toEqual({ actions: 0, packs: 0 })
    expect(desk.replay).toHaveBeenCalledOnce()
  })

  it('gives up at the deadline on a store that does not answer, and counts what stays', async () => {
    const desk = deskWith({ actions: 3, packs: 2 }, () => new Promise(() => undefined))
    const started = Date.now()
    expect(await settingsFor(desk).sendQueued()).toEqual({ actions: 3, packs: 2 })
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('counts what stays when the replay fails (a refused password)', async () => {
    const desk = deskWith({ actions: 1, packs: 1 }, () => Promise.reject(new Error('refused')))
    expect(await settingsFor(desk).sendQueued()).toEqual({ actions: 1, packs: 1 })
  })

  it('without a team store there is nothing to lose', async () => {
    const desk = deskWith({ actions: 0, packs: 0 }, async () => undefined)
    expect(await settingsFor(desk, null).sendQueued()).toEqual({ actions: 0, packs: 0 })
    expect(desk.replay).not.toHaveBeenCalled()
  })
})
