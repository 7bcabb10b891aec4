import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../../src/cli/main'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// Same-day exports never overwrite each other silently: a folder gets the app's name, dated to
// the minute and numbered when taken; a file named that exists is replaced only as decided.

const BASE_URL = 'http://127.0.0.1:9'
const dataset = generateDataset({ seed: 5, contributions: 60 })
const campaign = dataset.campaigns[0]!
const id = String(campaign.id)
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir(
    'perkpack-out-names-',
    BASE_URL,
    campaign.id,
    toModel(dataset.contributions.get(campaign.id) ?? []),
    'Tidepool: the Game',
  )
})
afterAll(cleanup)

const runHere = (args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })

/** A terminal: stdin and stderr are TTYs; `answer` is typed at the question. */
async function onTerminal(args: string[], answer: string) {
  const stdout = new PassThrough()
  const stderr = Object.assign(new PassThrough(), { isTTY: true, columns: 100 })
  const stdin = Object.assign(new PassThrough(), { isTTY: true })
  const err: Buffer[] = []
  const out: Buffer[] = []
  stderr.on('data', (chunk: Buffer) => {
    err.push(chunk)
    if (chunk.toString().includes('Replace it? [y/N]')) stdin.write(`${answer}\n`)
  })
  stdout.on('data', (chunk: Buffer) => out.push(chunk))
  const code = await run(args, {
    stdout,
    stderr,
    stdin,
    env: cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }),
  })
  return { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }
}

const DATED = /^tidepool-the-game-packing-list-\d{4}-\d\d-\d\d-\d{4}(-2)?\.xlsx$/

describe('export file names in the CLI', () => {
  it('--out a folder: the dated name the app offers, a number when it is taken', async () => {
    const folder = tempDir('perkpack-out-folder-')
    const first = await runHere(['export', id, '--out', folder])
    const second = await runHere(['export', id, '--out', folder])
    expect(first.code, first.stderr).toBe(0)
    expect(second.code, second.stderr).toBe(0)
    const names = fs.readdirSync(folder).sort()
    expect(names).toHaveLength(2)
    for (const name of names) expect(name).toMatch(DATED)
    // The second one of the minute is numbered, and says where it went.
    const numbered = names.find((name) => name.endsWith('-2.xlsx')) ?? ''
    const other = names.find((name) => name !== numbered) ?? ''
    expect(second.stdout).toContain(`Wrote ${path.join(folder, numbered)} (`)
    expect(first.stdout).toContain(`Wrote ${path.join(folder, other)} (`)

    const labels = await runHere(['labels', id, '--out', folder])
    expect(labels.code, labels.stderr).toBe(0)
    expect(fs.readdirSync(folder).filter((n) => n.endsWith('.pdf'))).toEqual([
      expect.stringMatching(/^tidepool-the-game-labels-\d{4}-\d\d-\d\d-\d{4}\.pdf$/),
    ])
  })

  it('an existing --out file without a terminal is replaced and said; --force says nothing', async () => {
    const file = path.join(tempDir('perkpack-out-file-'), 'ship.csv')
    fs.writeFileSync(file, 'yesterday')
    const said = await runHere(['export-csv', id, '--out', file])
    expect(said.code, said.stderr).toBe(0)
    expect(said.stderr).toContain(
      `perkpack: ${file} exists and is replaced (no terminal to ask on; --force replaces without this note).`,
    )
    expect(fs.readFileSync(file, 'utf8')).not.toBe('yesterday')
    const forced = await runHere(['export-csv', id, '--out', file, '--force'])
    expect(forced.code).toBe(0)
    expect(forced.stderr).not.toContain('is replaced')
  })

  it('on a terminal the person is asked: no keeps the file, yes replaces it', async () => {
    const file = path.join(tempDir('perkpack-out-ask-'), 'picklist.pdf')
    fs.writeFileSync(file, 'yesterday')
    const kept = await onTerminal(['picklist', id, '--out', file], 'n')
    expect(kept.code).toBe(2)
    expect(kept.stderr).toContain(`${file} exists. Replace it? [y/N]`)
    expect(kept.stderr).toContain(
      `Kept ${file}: nothing was written. Give --out another name, or a folder (a dated name is made there), or add --force to replace it.`,
    )
    expect(fs.readFileSync(file, 'utf8')).toBe('yesterday')

    const replaced = await onTerminal(['picklist', id, '--out', file], 'y')
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(fs.readFileSync(file, 'latin1').startsWith('%PDF-')).toBe(true)
  })
})
