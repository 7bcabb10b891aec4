import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { dashboardExportCsv } from '../../src/simulator/dashboard-export'
import { simEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, servedRows, startSim, tempDir } from '../helpers/harness'

afterAll(cleanup)

describe('perkpack sync over a copy imported from a dashboard file', () => {
  it("says on stderr how many floor records made against the file's ids stay behind", async () => {
    const sim = await startSim({ contributions: 40 })
    const dataDir = tempDir('perkpack-sync-left-')
    const env = simEnv(sim, dataDir)
    const id = String(sim.campaignIds[0]!)
    const rows = servedRows(sim, sim.campaignIds[0]!, true)
    const file = path.join(dataDir, 'contributions.csv')
    fs.writeFileSync(file, dashboardExportCsv(rows))
    expect((await perkpackHere(['import', id, file], env)).code).toBe(0)
    expect((await perkpackHere(['pack', id, String(rows[0]!.id), '--force'], env)).code).toBe(0)
    const synced = await perkpackHere(['sync', id], env)
    expect(synced.code, synced.stderr).toBe(0)
    expect(synced.stderr).toContain(
      "perkpack: 1 order packed or tracked here will not show on the synced copy: their floor record was made against the dashboard file's stand-in ids",
    )
  })
})
