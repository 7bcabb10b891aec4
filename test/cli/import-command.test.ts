import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPickList, filterContributions } from '../../src/shared/fulfillment'
import { isOrderToShip, isProgressStatus } from '../../src/shared/floor/progress'
import { dashboardExportCsv } from '../../src/simulator/dashboard-export'
import { generateDataset } from '../../src/simulator/data'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'
import { toModel } from '../helpers/model'

// `perkpack import`: the dashboard's file as the offline copy, then the offline commands on it
// with no API configured at all (no base URL, no credentials).

const dataset = generateDataset({ seed: 8, contributions: 200 })
const campaign = dataset.campaigns[0]!
const rows = toModel(dataset.contributions.get(campaign.id) ?? [])
const id = String(campaign.id)
let dir: string
let file: string

beforeAll(() => {
  dir = tempDir('perkpack-import-cli-')
  file = path.join(dir, 'contributions.csv')
  fs.writeFileSync(file, `\uFEFF${dashboardExportCsv(rows)}`)
})
afterAll(cleanup)

const run = (...args: string[]) => perkpackHere(args, { PERKPACK_DATA_DIR: dir })

describe('perkpack import', () => {
  it('imports, prints the counts, and every offline command works on it', async () => {
    const imported = await run('import', id, file)
    expect(imported.code, imported.stderr).toBe(0)
    // Orders to ship as Progress counts them, and what the figure leaves out, said after it.
    const toShip = rows.filter(isOrderToShip).length
    const others = rows.filter((row) => !isProgressStatus(row.order.status)).length
    expect(imported.stdout).toMatch(
      new RegExp(
        `^Imported contributions\\.csv as campaign ${id}: ${rows.length} orders \\(${toShip} to ship\\), \\d+ perks, \\d+ SKU variants, 0 problem rows\\n` +
          `Orders to ship: captured, in fulfillment and fulfilled orders with something to ship; ${others} [a-z ,]+ not counted\\.\\n$`,
      ),
    )
    const picklist = await run('picklist', id, '--json')
    expect(picklist.code, picklist.stderr).toBe(0)
    const expected = buildPickList(filterContributions(rows))
    expect((JSON.parse(picklist.stdout) as unknown[]).length).toBe(expected.length)
    const orders = await run('orders', id)
    expect(orders.stdout).toContain(`${rows.length} orders`)
  })

  it('keeps the packing floor through a new import, and holds back a much smaller file', async () => {
    expect((await run('import', id, file)).code).toBe(0)
    const orderId = String(rows[0]!.id)
    expect((await run('pack', id, orderId, '--station', 'Desk A', '--force')).code).toBe(0)
    expect((await run('import', id, file)).code).toBe(0)
    const floor = JSON.parse((await run('fulfillment', id, '--json')).stdout) as {
      order_id: number
      station: string | null
    }[]
    expect(floor.find((o) => o.order_id === rows[0]!.id)?.station).toBe('Desk A')

    const small = path.join(dir, 'small.csv')
    fs.writeFileSync(small, dashboardExportCsv(rows.slice(0, 20)))
    const held = await run('import', id, small)
    expect(held.code).toBe(3)
    expect(held.stderr).toContain('The offline copy was kept')
    expect((await run('import', id, small, '--accept-shrink')).code).toBe(0)
  })

  it('says on stderr how many floor records the new file leaves behind', async () => {
    const own = tempDir('perkpack-import-left-')
    const inOwn = (...args: string[]) => perkpackHere(args, { PERKPACK_DATA_DIR: own })
    expect((await inOwn('import', id, file)).code).toBe(0)
    expect((await inOwn('pack', id, String(rows[0]!.id), '--force')).code).toBe(0)
    const without = path.join(own, 'without-first.csv')
    fs.writeFileSync(without, dashboardExportCsv(rows.slice(1)))
    const again = await inOwn('import', id, without)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain(
      'perkpack: 1 order packed or tracked here will not show on the imported copy: the file does not have their order ids',
    )
  })

  it('exits 2 on a file that is not a dashboard export', async () => {
    const other = path.join(dir, 'other.csv')
    fs.writeFileSync(other, 'name,email\nAda,ada@example.test\n')
    const result = await run('import', id, other)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('other.csv is not a dashboard contributions export')
  })
})
