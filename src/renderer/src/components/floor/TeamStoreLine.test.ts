import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia } from 'pinia'
import type { TeamFloorStatus } from '@shared/ipc'
import TeamStoreLine from './TeamStoreLine.vue'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

const AT = '2026-11-20T10:42:00.000Z'

function status(overrides: Partial<TeamFloorStatus> = {}): TeamFloorStatus {
  return {
    url: 'postgres://perkpack@127.0.0.1/perkpack',
    connected: true,
    schemaVersion: 2,
    desks: ['Desk A', 'Desk B', 'Desk C'],
    outbox: 0,
    conflicts: [],
    message: null,
    ...overrides,
  }
}

async function setup(answer: () => TeamFloorStatus | null) {
  const fake = fakeBridge({ teamStatus: answer })
  mountWithProviders(TeamStoreLine, { pinia: createPinia() })
  await flushPromises()
  return fake
}

const line = () => document.querySelector('[aria-label="Team store"]')?.textContent ?? ''

describe('the Progress view’s team line', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows nothing without a team store', async () => {
    await setup(() => null)
    expect(document.querySelector('[aria-label="Team store"]')).toBeNull()
  })

  it('says connected, desks, outbox and conflicts; each conflict is settled by its row', async () => {
    let conflicts: TeamFloorStatus['conflicts'] = [
      {
        campaign_id: 1001,
        order_id: 70001,
        sequence_number: 299,
        action: 'pack',
        station: 'Desk A',
        other_station: 'Desk B',
        other_at: AT,
        at: AT,
      },
    ]
    const fake = await setup(() => status({ conflicts }))
    fake.calls.settleTeamConflict.mockImplementation(async () => {
      conflicts = []
      return { ok: true, value: 1 }
    })
    expect(line()).toContain('Team store: connected · 3 desks · outbox 0 · 1 conflict to settle')
    const row = document.querySelector('tbody tr')?.textContent ?? ''
    // The order as on its slip and at the station, not by its internal id.
    expect(row).toContain('#299')
    expect(row).not.toContain('70001')
    expect(row).toContain('Pack')
    expect(row).toContain('Desk A')
    expect(row).toContain('Desk B')
    buttonByName('Settle order #299').click()
    await flushPromises()
    expect(fake.calls.settleTeamConflict).toHaveBeenCalledWith({ campaignId: 1001, orderId: 70001 })
    expect(document.querySelector('tbody tr')).toBeNull()
    expect(line()).toContain('Team store: connected · 3 desks · outbox 0')
  })

  it('names an order without a number on its slip by its id', async () => {
    const conflict = {
      campaign_id: 1001,
      order_id: 70002,
      sequence_number: null,
      action: 'pack' as const,
      station: 'Desk A',
      other_station: null,
      other_at: null,
      at: AT,
    }
    await setup(() => status({ conflicts: [conflict] }))
    expect(document.querySelector('tbody tr')?.textContent ?? '').toContain('ID 70002')
    expect(buttonByName('Settle order ID 70002')).toBeTruthy()
  })

  it('says how many actions wait while the store is unreachable', async () => {
    await setup(() => status({ connected: false, desks: [], outbox: 12 }))
    expect(line()).toContain('Team store: unreachable: 12 actions queued')
  })
})
