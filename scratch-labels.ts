import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir, loadavg } from 'node:os'
import { join } from 'node:path'
import { renderLabelsPdf, planLabels } from './src/main/services/print'
import { generateDataset } from './src/simulator/data'
import { toModel } from './test/helpers/model'
const dataset = generateDataset({ seed: 7, contributions: 3300 })
const rows = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!).filter((r) => r.order.shipping).slice(0, 3000)
const dir = mkdtempSync(join(tmpdir(), 'scratch-'))
const options = { layout: 'avery5160', showSummary: true } as const
async function main() {
  await renderLabelsPdf(rows.slice(0, 300), options, join(dir, 'warm.pdf'))
  for (let i = 0; i < 3; i++) {
    let t = performance.now()
    planLabels(rows, options)
    const plan = performance.now() - t
    t = performance.now()
    await renderLabelsPdf(rows, options, join(dir, `l${i}.pdf`))
    console.log('plan', plan.toFixed(0), 'total', (performance.now() - t).toFixed(0), 'size', statSync(join(dir, `l${i}.pdf`)).size, 'load', loadavg()[0])
  }
}
void main()
