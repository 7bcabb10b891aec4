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
    expect(own.stderr).not.toContain("not on the campaign's team")

    const labels = await perkpackHere(
      ['labels', foreign, '--out', `${dataDir}/labels.pdf`, '--status', 'captured'],
      env,
    )
    expect(labels.stderr).toContain('Addresses are hidden: this copy was synced without')
    expect(labels.stderr).not.toContain('have no address')
  })

  it('keeps a copy with addresses when a token-only sync would replace it, exit 3, until --accept-shrink', async () => {
    const sim = await startSim({ contributions: 40 })
    const dataDir = tempDir('perkpack-addresses-lost-')
    const id = String(sim.campaignIds[0]!)
    expect((await perkpackHere(['sync', id], simEnv(sim, dataDir))).code).toBe(0)
    const tokenOnly = simEnv(sim, dataDir, {
      PERKPACK_EMAIL: undefined,
      PERKPACK_PASSWORD: undefined,
    })

    const held = await perkpackHere(['sync', id], tokenOnly)
    expect(held.code).toBe(3)
    expect(held.stderr).toContain(
      'received no e-mails or shipping addresses (it was signed in with an API token only), and the offline copy has them',
    )
    expect(held.stderr).toContain(
      `\`perkpack sync ${id} --accept-shrink\` to replace the offline copy with one without e-mails and addresses`,
    )
    // The fix once, then the way to replace it anyway.
    expect(held.stderr.split("Sign in with a team member's e-mail and password").length).toBe(2)
    const orders = await perkpackHere(['orders', id, '--json'], tokenOnly)
    expect(orders.stdout).toContain('"shipping"')

    const accepted = await perkpackHere(['sync', id, '--accept-shrink'], tokenOnly)
    expect(accepted.code, accepted.stderr).toBe(0)
    expect((await perkpackHere(['orders', id, '--json'], tokenOnly)).stdout).not.toContain(
      '"shipping"',
    )
  })
})
