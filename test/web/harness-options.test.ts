import { describe, expect, it } from 'vitest'
import { parseHarnessArgs } from '../../src/web/harness-options'

describe('npm run web options', () => {
  it('by default: a port the system picks, no profile', () => {
    expect(parseHarnessArgs([])).toMatchObject({ port: undefined, profile: false, demo: false })
  })

  it('--profile opts into the real data folder and keychain; --port N still works', () => {
    expect(parseHarnessArgs(['--profile', '--port', '4021'])).toMatchObject({
      profile: true,
      port: 4021,
    })
    expect(parseHarnessArgs(['--port=0']).port).toBe(0)
  })

  it('names a bad option or port', () => {
    expect(() => parseHarnessArgs(['--port', 'x'])).toThrow(/--port needs a whole number/)
    expect(() => parseHarnessArgs(['--profle'])).toThrow(/Unknown option --profle/)
  })
})
