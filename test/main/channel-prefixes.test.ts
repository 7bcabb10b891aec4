import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IPC_CHANNEL_NAMES, IPC_EVENTS } from '../../src/shared/ipc'

// From a renderer call to its handler is one search: channel `x:y` is served by
// src/main/x/x-handlers.ts, and a handler file serves only its own folder's prefix.

const MAIN = join(__dirname, '../../src/main')

/** The channel names a handler file defines: the quoted `'prefix:name':` keys. */
function servedBy(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^\s*'([a-z]+:[A-Za-z]+)':/gm)].map((m) => m[1] as string)
}

const handlerFiles = readdirSync(MAIN, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(MAIN, entry.name))
      .filter((name) => name.endsWith('-handlers.ts') && name !== 'define-handlers.ts')
      .map((name) => ({ folder: entry.name, name })),
  )

describe('channel prefixes', () => {
  it('serve each channel x:y from src/main/x/x-handlers.ts', () => {
    const astray = IPC_CHANNEL_NAMES.filter((channel) => {
      const prefix = channel.split(':')[0] as string
      const file = join(MAIN, prefix, `${prefix}-handlers.ts`)
      return !existsSync(file) || !servedBy(file).includes(channel)
    })
    expect(IPC_CHANNEL_NAMES.length).toBeGreaterThan(50)
    expect(astray).toEqual([])
  })

  it('name handler files after their folder, and serve only its prefix', () => {
    const wrong = handlerFiles.flatMap(({ folder, name }) => {
      if (name !== `${folder}-handlers.ts`) return [`${folder}/${name}`]
      return servedBy(join(MAIN, folder, name))
        .filter((channel) => !channel.startsWith(`${folder}:`))
        .map((channel) => `${folder}/${name}: ${channel}`)
    })
    expect(handlerFiles.length).toBeGreaterThan(10)
    expect(wrong).toEqual([])
  })

  it('name events after the main folder that sends them', () => {
    const folders = new Set(handlerFiles.map(({ folder }) => folder))
    const astray = Object.keys(IPC_EVENTS).filter(
      (event) => !folders.has(event.split(':')[0] as string),
    )
    expect(astray).toEqual([])
  })
})
