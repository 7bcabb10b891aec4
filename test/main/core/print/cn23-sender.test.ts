import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { renderCustomsPdf } from '../../../../src/main/core/print'
import { returnAddressLines } from '../../../../src/shared/address/return-address'
import { overlaps, readBoxes } from '../../../helpers/print-pdf-boxes'
import { CONTEXT, customsOrders } from './customs-fixtures'

// The CN23's sender block with the return address of Settings (issue 29), read back from the
// PDF with `pdftotext -bbox-layout`: the street sits under the sender's name, in the sender's
// half, above the country; without one, the two ruled lines stay.

const dir = mkdtempSync(join(tmpdir(), 'perkpack-cn23-sender-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const RETURN = {
  street: '500 Market St',
  street2: 'Suite 4',
  city: 'San Francisco',
  region: 'CA',
  postcode: '94105',
}

async function firstPage(senderLines?: string[]) {
  const path = join(dir, `cn23-${senderLines ? 'street' : 'none'}.pdf`)
  await renderCustomsPdf(
    customsOrders(),
    { paper: 'a4', customs: CONTEXT, senderName: 'Tidepool Games', ...(senderLines ? { senderLines } : {}) },
    path,
  ) // prettier-ignore
  const text = execFileSync('pdftotext', ['-layout', '-l', '1', path, '-'], { encoding: 'utf8' })
  return { page: readBoxes(path)[0]!, text }
}

describe('the sender block of the CN23', () => {
  it('prints the return address under the sender, in its half, above the country', async () => {
    const { page, text } = await firstPage(returnAddressLines(RETURN, CONTEXT.senderCountry))
    const line = (wanted: string) => page.lines.find((l) => l.text === wanted)!
    const name = line('Tidepool Games')
    const street = line('500 Market St')
    const city = line('San Francisco, CA 94105')
    const country = line('UNITED STATES')
    const addressee = line('To (addressee)')
    expect(name.yMax).toBeLessThanOrEqual(street.yMin)
    expect(street.yMax).toBeLessThanOrEqual(line('Suite 4').yMin)
    expect(city.yMax).toBeLessThanOrEqual(country.yMin)
    for (const part of [street, city]) expect(part.xMax).toBeLessThan(addressee.xMin)
    expect(overlaps(page.words)).toEqual([])
    expect(text).toContain('San Francisco, CA 94105')
  })

  it('keeps the ruled lines to write on without a return address', async () => {
    const { page } = await firstPage()
    const name = page.lines.find((l) => l.text === 'Tidepool Games')!
    const country = page.lines.find((l) => l.text === 'UNITED STATES')!
    // Two ruled lines of 1.6 text heights each lie between the name and the country.
    expect(country.yMin - name.yMax).toBeGreaterThan(25)
    expect(page.lines.some((l) => l.text.includes('Market St'))).toBe(false)
  })
})
