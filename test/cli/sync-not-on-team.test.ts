import { afterAll, describe, expect, it } from 'vitest'
import { NOT_ON_TEAM_TEXT } from '../../src/shared/api/hidden-fields-text'
import { simEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'

afterAll(cleanup)

describe('perkpack sync of a campaign whose team the account is not on', () => {
  it('says so and the fix, and the labels then name hidden addresses, not missing ones', async () => {
    const sim = await startSim({ contributions: 40 })
    const dataDir = tempDir('perkpack-not-on-team-')
    const env = simEnv(sim, dataDir)
    const foreign = String(sim.campaignIds.at(-1)!)

    const synced = await perkpackHere(['sync', foreign], env)
    expect(synced.code, synced.stderr).toBe(0)
    expect(synced.stderr).toContain(`perkpack: ${NOT_ON_TEAM_TEXT}`)

    const own = await perkpackHere(['sync', String(sim.campaignIds[0]!)], env)
    expect(own.stderr).not.toContain('not on its team')

    const labels = await perkpackHere(
      ['labels', foreign, '--out', `${dataDir}/labels.pdf`, '--status', 'captured'],
      env,
    )
    expect(labels.stderr).toContain('Addresses are hidden: this copy was synced without')
    expect(labels.stderr).not.toContain('have no address')
  })
})
