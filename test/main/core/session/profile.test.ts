import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UsageError } from '../../../../src/main/core/system/perkpack-errors'
import {
  normalizeUrl,
  readSettings,
  resolveTarget,
  saveSettings,
  settingsFileSchema,
  settingsProblem,
} from '../../../../src/main/core/session/profile'
import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../../../../src/shared/config'
import { DEFAULT_CONCURRENCY, DEFAULT_SLIP_BATCH_SIZE } from '../../../../src/shared/ipc'
import { cleanup, tempDir } from '../../../helpers/harness'

afterAll(cleanup)

describe('normalizeUrl', () => {
  it('names the variable and the fix when a URL is wrong', () => {
    expect(() => normalizeUrl('api.example.com', 'PERKPACK_BASE_URL')).toThrow(
      /PERKPACK_BASE_URL is not a URL: "api.example.com". Use a full URL such as https:\/\//,
    )
    expect(() => normalizeUrl('ftp://example.com', 'PERKPACK_AUTH_URL')).toThrow(
      /PERKPACK_AUTH_URL must start with https:\/\//,
    )
  })

  it('takes http:// only for this machine: elsewhere tokens would cross the network in clear', () => {
    for (const local of ['http://localhost:4010', 'http://127.0.0.1:4010', 'http://[::1]:4010'])
      expect(normalizeUrl(local, 'PERKPACK_BASE_URL')).toBe(local)
    for (const remote of [
      'http://api.example.com',
      'http://10.0.0.5:4010',
      'http://localhost.evil.test',
      // Names a resolver answers: only localhost itself and literal loopback addresses are
      // this machine (shared/net/loopback-host.ts, the team store's rule too).
      'http://api.localhost:4010',
      'http://localhost.:4010',
      'http://localhost.localdomain:4010',
      'http://ip6-localhost:4010',
    ])
      expect(() => normalizeUrl(remote, 'PERKPACK_BASE_URL')).toThrow(
        /PERKPACK_BASE_URL must use https:\/\/ for .*Only a simulator on this machine/,
      )
    expect(normalizeUrl('https://api.example.com/', 'PERKPACK_BASE_URL')).toBe(
      'https://api.example.com',
    )
  })

  it('drops trailing slashes, which would double up when paths are appended', () => {
    expect(normalizeUrl(' http://127.0.0.1:4010// ', 'PERKPACK_BASE_URL')).toBe(
      'http://127.0.0.1:4010',
    )
  })
})

describe('resolveTarget: one rule for the command line and the app', () => {
  const saved = (settings: Record<string, unknown>) => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings))
    return dir
  }

  it('uses the production hosts when nothing is set', () => {
    const dir = tempDir()
    expect(resolveTarget(dir, {})).toEqual({
      dataDir: dir,
      baseUrl: DEFAULT_BASE_URL,
      authUrl: DEFAULT_AUTH_URL,
      source: 'default',
    })
  })

  it('takes a flag over the environment over Settings, and drops trailing slashes', () => {
    const dir = saved({ baseUrl: 'https://saved.example' })
    const env = {
      PERKPACK_BASE_URL: 'http://127.0.0.1:4010/',
      PERKPACK_AUTH_URL: 'http://127.0.0.1:4011//',
    }
    expect(resolveTarget(dir, env)).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      authUrl: 'http://127.0.0.1:4011',
      source: 'environment',
    })
    expect(resolveTarget(dir, env, { baseUrl: 'https://flag.example/' }).baseUrl).toBe(
      'https://flag.example',
    )
  })

  it('takes what Settings saved when nothing else is given, and skips a damaged value', () => {
    expect(
      resolveTarget(saved({ baseUrl: 'https://saved.example/', authUrl: 42 }), {}),
    ).toMatchObject({
      baseUrl: 'https://saved.example',
      authUrl: DEFAULT_AUTH_URL,
      source: 'settings',
    })
    expect(resolveTarget(saved({ baseUrl: 'not a url' }), {}).source).toBe('default')
  })

  it('never sends tokens to a hand-edited http:// host that is not this machine', () => {
    // The command line used to take a saved URL unchecked: a hand edit could point it, and the
    // stored tokens with it, at any host in clear text.
    const target = resolveTarget(
      saved({ baseUrl: 'http://198.51.100.7', authUrl: 'http://198.51.100.7' }),
      {},
    )
    expect(target.baseUrl).toBe(DEFAULT_BASE_URL)
    expect(target.authUrl).toBe(DEFAULT_AUTH_URL)
  })

  it('refuses a bad flag or variable by name, as a usage error', () => {
    const dir = tempDir()
    expect(() => resolveTarget(dir, {}, { authUrl: 'ftp://x' })).toThrow(UsageError)
    expect(() => resolveTarget(dir, { PERKPACK_BASE_URL: 'nope' })).toThrow(
      /PERKPACK_BASE_URL is not a URL/,
    )
  })
})

describe('settings.json: one schema with defaults, for the command line and the app', () => {
  it('reads a hand-edited file field by field: what does not fit is its default, the rest stays', () => {
    const dir = tempDir()
    fs.writeFileSync(
      path.join(dir, 'settings.json'),
      JSON.stringify({
        concurrency: 99,
        theme: 'purple',
        labelLayout: 'averyL7160',
        labelOffsetMm: { x: 1.5, y: 'down' },
        senderCountry: 'de',
        slipBatchSize: '500',
        stationName: '  Desk B ',
        teamUrl: 'postgres://desk:secret@db.example/perkpack',
        email: '',
      }),
    )
    expect(readSettings(dir)).toMatchObject({
      concurrency: DEFAULT_CONCURRENCY,
      theme: 'system',
      labelLayout: 'averyL7160',
      labelOffsetMm: { x: 1.5, y: 0 },
      senderCountry: 'DE',
      slipBatchSize: DEFAULT_SLIP_BATCH_SIZE,
      stationName: 'Desk B',
      teamUrl: undefined,
      email: null,
    })
  })

  it('a damaged file reads as the defaults', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'settings.json'), '{"theme": "dark",')
    expect(readSettings(dir)).toEqual(settingsFileSchema.parse({}))
  })

  it('a damaged file is named with its fix, and its text is kept once per different damage', () => {
    const dir = tempDir()
    const file = path.join(dir, 'settings.json')
    fs.writeFileSync(file, '{"theme": "dark",}')
    expect(settingsProblem(dir)).toContain(
      `${file} cannot be read (not valid JSON at line 1, column 18)`,
    )
    expect(settingsProblem(dir)).toMatch(/Fix the file/)
    saveSettings(dir, { theme: 'light' })
    expect(settingsProblem(dir)).toBeNull()
    fs.writeFileSync(file, '[1, 2]')
    expect(settingsProblem(dir)).toContain('not a JSON object')
    saveSettings(dir, { theme: 'light' })
    const copies = fs.readdirSync(dir).filter((name) => name.includes('.damaged'))
    expect(copies.map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).sort()).toEqual([
      '[1, 2]',
      '{"theme": "dark",}',
    ])
  })

  it('never repeats the damaged text, which may hold a password, in its message', () => {
    const dir = tempDir()
    fs.writeFileSync(
      path.join(dir, 'settings.json'),
      '{"teamUrl": postgres://desk:hunter2@db/team}',
    )
    expect(settingsProblem(dir)).toContain('cannot be read (it is not valid JSON)')
    expect(settingsProblem(dir)).not.toContain('hunter2')
  })

  it('keeps keys it does not know when it saves (a newer version wrote them)', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ futureKey: [1, 2] }))
    saveSettings(dir, { theme: 'dark' })
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'))).toEqual({
      futureKey: [1, 2],
      theme: 'dark',
    })
    saveSettings(dir, { theme: undefined })
    expect(readSettings(dir).theme).toBe('system')
  })
})
