import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeShipperCsv } from '../../../../src/main/core/export/csv'
import { writePackingList } from '../../../../src/main/core/export/excel'
import { exportTempPath } from '../../../../src/main/core/export/export-temp-files'
import { cleanup, tempDir } from '../../../helpers/harness'
import { makeContributions } from '../../fixtures/contributions'

// An export killed mid-way (kill -9, a crash, power lost) leaves its hidden temporary file: names
// and addresses. The next export to that file removes it, and only it; and every file an export
// writes, temporary or final, is its owner's only, like the PDFs.

const rows = makeContributions(600)
const campaign = { id: 7001, title: 'T', lastSyncedAt: '2026-11-20T00:00:00Z', privileged: true }
/** A process id that ran and has ended: what a killed export's leftover is named with. */
const deadPid = spawnSync(process.execPath, ['-e', '']).pid
/** A process that is running: another export still writing. */
const live = spawn('sleep', ['60'], { stdio: 'ignore' })

afterAll(() => {
  live.kill()
  cleanup()
})

/** This computer's tag, as an export names its temporary files (".x.<tag>-<pid>-<hex>.tmp"). */
const HOST_TAG = /\.([0-9a-f]{6})-\d+-[0-9a-f]{8}\.tmp$/.exec(exportTempPath('/x'))?.[1] ?? ''

const mode = (file: string) => fs.statSync(file).mode & 0o777

/** Leftovers beside `target`: a dead writer's, a live writer's, ours, another target's. */
function plantLeftovers(target: string) {
  const dir = path.dirname(target)
  const name = path.basename(target)
  const files = {
    dead: `.${name}.${HOST_TAG}-${deadPid}-deadbeef.tmp`,
    live: `.${name}.${HOST_TAG}-${live.pid}-cafebabe.tmp`,
    ours: `.${name}.${HOST_TAG}-${process.pid}-0badf00d.tmp`,
    otherTarget: `.other-${name}.${HOST_TAG}-${deadPid}-deadbeef.tmp`,
    // Another desk's export to a shared folder: its process ids are not this computer's.
    otherHost: `.${name}.f00d42-${deadPid}-deadbeef.tmp`,
  }
  for (const file of Object.values(files))
    fs.writeFileSync(path.join(dir, file), 'Ada, 1 Mill Lane')
  return files
}

describe('temporary files of the Excel and CSV exports', () => {
  it("the workbook: a dead export's leftover is removed, a live one's kept; 0600 throughout", async () => {
    expect(deadPid).toBeGreaterThan(0)
    const dir = tempDir('perkpack-leftover-xlsx-')
    const out = path.join(dir, 'keep.xlsx')
    const files = plantLeftovers(out)
    // The first progress report comes once the temporary file is open.
    const tempModes: number[] = []
    const ours = (f: string) =>
      f.startsWith(`.keep.xlsx.${HOST_TAG}-${process.pid}-`) && f !== files.ours
    await writePackingList({
      contributions: rows,
      campaign,
      out,
      onProgress: () => {
        for (const f of fs.readdirSync(dir).filter(ours)) tempModes.push(mode(path.join(dir, f)))
      },
    })
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['keep.xlsx', files.live, files.ours, files.otherTarget, files.otherHost].sort(),
    )
    expect(tempModes.length).toBeGreaterThan(0)
    expect(new Set(tempModes)).toEqual(new Set([0o600]))
    expect(mode(out)).toBe(0o600)
  })

  it('the shipper CSV: the same', async () => {
    const dir = tempDir('perkpack-leftover-csv-')
    const out = path.join(dir, 'ship.csv')
    const files = plantLeftovers(out)
    await writeShipperCsv({ contributions: rows, format: 'generic', out })
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['ship.csv', files.live, files.ours, files.otherTarget, files.otherHost].sort(),
    )
    expect(mode(out)).toBe(0o600)
  })

  it('replacing a file readable by others leaves the new export private', async () => {
    const dir = tempDir('perkpack-leftover-mode-')
    const out = path.join(dir, 'ship.csv')
    fs.writeFileSync(out, 'older', { mode: 0o644 })
    await writeShipperCsv({ contributions: rows, format: 'shipstation', out })
    expect(mode(out)).toBe(0o600)
  })
})
