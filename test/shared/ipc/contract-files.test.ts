import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The IPC contract is split by feature, as the channels are: channel `x:y` is listed in
// x-channels.ts and its arguments' zod schemas sit beside it in x-schemas.ts. Fields several
// features check alike stay in field-schemas.ts; there is no catch-all schemas file.

const IPC = join(__dirname, '../../../src/shared/ipc')
const files = readdirSync(IPC)
const prefixesOf = (suffix: string) =>
  files.filter((name) => name.endsWith(suffix)).map((name) => name.slice(0, -suffix.length))
const channelPrefixes = prefixesOf('-channels.ts')

const importsOf = (name: string) =>
  ts
    .preProcessFile(readFileSync(join(IPC, name), 'utf8'), true, true)
    .importedFiles.map((f) => f.fileName)

describe('the IPC contract files', () => {
  it("take each channel table's argument schemas from its own feature's x-schemas.ts", () => {
    const astray = channelPrefixes.flatMap((prefix) =>
      importsOf(`${prefix}-channels.ts`)
        .filter((path) => /^\.\/[\w-]+-schemas$/.test(path))
        .filter((path) => path !== `./${prefix}-schemas` && path !== './field-schemas')
        .map((path) => `${prefix}-channels.ts imports ${path}`),
    )
    expect(channelPrefixes.length).toBeGreaterThan(15)
    expect(astray).toEqual([])
  })

  it('name every schemas file but field-schemas.ts after a channel prefix', () => {
    const schemaFiles = prefixesOf('-schemas.ts').filter((prefix) => prefix !== 'field')
    const unowned = schemaFiles.filter((prefix) => !channelPrefixes.includes(prefix))
    expect(schemaFiles.length).toBeGreaterThan(5)
    expect(unowned).toEqual([])
  })

  it('keep argument schemas in x-schemas.ts files only, under no other name', () => {
    // A feature's schemas under another suffix (x-arguments.ts) would slip past the two rules above.
    // channel-args.ts holds the argument tuples several tables share (no feature's schemas).
    const elsewhere = files.filter(
      (name) => /-(?:arguments|args|params)\.ts$/.test(name) && name !== 'channel-args.ts',
    )
    expect(elsewhere).toEqual([])
  })
})
