import { describe, expect, it } from 'vitest'
import { resolveAppTarget } from '../../../src/main/session/app-target'
import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../../../src/shared/config'

describe('resolveAppTarget', () => {
  it('uses the production hosts when nothing is set', () => {
    expect(resolveAppTarget({}, {})).toEqual({
      baseUrl: DEFAULT_BASE_URL,
      authUrl: DEFAULT_AUTH_URL,
      source: 'default',
    })
  })

  it('takes the environment and drops trailing slashes', () => {
    const target = resolveAppTarget(
      { PERKPACK_BASE_URL: 'http://127.0.0.1:4010/', PERKPACK_AUTH_URL: 'http://127.0.0.1:4011//' },
      { baseUrl: 'https://saved.example' },
    )
    expect(target).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      authUrl: 'http://127.0.0.1:4011',
      source: 'environment',
    })
  })

  it('takes what Settings saved when the environment is silent, and skips a damaged value', () => {
    expect(resolveAppTarget({}, { baseUrl: 'https://saved.example/', authUrl: 42 })).toEqual({
      baseUrl: 'https://saved.example',
      authUrl: DEFAULT_AUTH_URL,
      source: 'settings',
    })
    expect(resolveAppTarget({}, { baseUrl: 'not a url' }).source).toBe('default')
  })
})
