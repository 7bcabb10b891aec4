import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  renderLabels,
  renderLabelsPdf,
  renderPackingSlips,
  renderSlipsPdf,
} from '../../../../src/main/core/print'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { order, shipping } from '../../../helpers/print-fixtures'

// Hidden direction controls (U+202A-U+202E, U+2066-U+2069) in names and addresses: the printed
// label and slip show each field in the order it was typed; an override left open in one field
// reverses neither the rest of its line nor the next field (shared/text/direction-controls.ts).

const dir = mkdtempSync(join(tmpdir(), 'perkpack-direction-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every control, left open or closed, in every printed field. */
const hostile = [
  order(
    41,
    shipping({
      name: '\u202eEvil Name',
      address: '12 \u2067Main St',
      city: 'Portland\u202b',
      state: 'OR',
      zipcode: '97201',
    }),
  ),
  order(
    77,
    shipping({
      name: 'Plain \u2068Person\u2069',
      address: '5 Oak\u202d Rd',
      address2: '\u202aApt 3\u202c',
      city: '\u2066Austin',
      state: 'TX',
      zipcode: '\u202e78701',
    }),
  ),
]
/** The same orders as typed without them. */
const plain = [
  order(
    41,
    shipping({
      name: 'Evil Name',
      address: '12 Main St',
      city: 'Portland',
      state: 'OR',
      zipcode: '97201',
    }),
  ),
  order(
    77,
    shipping({
      name: 'Plain Person',
      address: '5 Oak Rd',
      address2: 'Apt 3',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    }),
  ),
]
const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/

let files = 0
async function pdfText(
  render: (rows: readonly CampaignContribution[], out: string) => Promise<unknown>,
  rows: readonly CampaignContribution[],
  layout: boolean,
): Promise<string> {
  const out = join(dir, `${++files}.pdf`)
  await render(rows, out)
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), out, '-'], { encoding: 'utf8' })
}

const labels = (rows: readonly CampaignContribution[], out: string) =>
  renderLabelsPdf(rows, { layout: 'avery5160', order: 'sequence' }, out)
const SLIPS = { paper: 'letter', campaignTitle: 'Tidepool', footerNote: '' } as const
const slips = (rows: readonly CampaignContribution[], out: string) =>
  renderSlipsPdf(rows, SLIPS, out)

describe('direction controls on the printed label and slip', () => {
  it('the label PDF reads field by field in the typed order, as without the controls', async () => {
    // In reading order: each label's lines one after the other.
    const text = await pdfText(labels, hostile, false)
    expect(text).toContain('Evil Name\n12 Main St\nPortland, OR 97201\n')
    expect(text).toContain('Plain Person\n5 Oak Rd\nApt 3\nAustin, TX 78701\n')
    expect(await pdfText(labels, hostile, true)).toBe(await pdfText(labels, plain, true))
  })

  it('the slip PDF too: ship-to and backer columns keep their fields in order', async () => {
    const text = await pdfText(slips, hostile, true)
    expect(text).toMatch(/Evil Name +Evil Name\n12 Main St +Perks: Core pledge/)
    expect(text).toContain('Portland, OR 97201')
    expect(text).toMatch(/Plain Person +Plain Person\n5 Oak Rd +Perks: Core pledge/)
    expect(text).toBe(await pdfText(slips, plain, true))
  })

  it('the print window documents carry none, and no label warns of characters it lacks', () => {
    const label = renderLabels(hostile, { layout: 'avery5160', order: 'sequence' })
    expect(label.html).not.toMatch(CONTROLS)
    expect(label.html).toContain('Portland, OR 97201')
    expect(label.warnings).toEqual([])
    expect(renderPackingSlips(hostile, SLIPS).html).not.toMatch(CONTROLS)
  })
})
