import { describe, expect, it } from 'vitest'
import { normalizeUrl, resolveApiTarget } from '../src/main/session/app-target'
import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../src/shared/config'

const app = { name: 'PerkPack', version: '0.1.0' }

describe('resolveApiTarget', () => {
  it('uses the production hosts when nothing is set', () => {
    expect(resolveApiTarget({}, app)).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      authUrl: DEFAULT_AUTH_URL,
      source: 'default',
    })
  })

  it('takes the environment and drops trailing slashes', () => {
    const info = resolveApiTarget(
      { PERKPACK_BASE_URL: 'http://127.0.0.1:4010/', PERKPACK_AUTH_URL: 'http://127.0.0.1:4011//' },
      app,
    )
    expect(info).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      authUrl: 'http://127.0.0.1:4011',
      source: 'environment',
    })
  })

  it('names the variable and the fix when a URL is wrong', () => {
    expect(() => normalizeUrl('api.example.com', 'PERKPACK_BASE_URL')).toThrow(
      /PERKPACK_BASE_URL is not a URL: "api.example.com". Use a full URL such as https:\/\//,
    )
    expect(() => normalizeUrl('ftp://example.com', 'PERKPACK_AUTH_URL')).toThrow(
      /PERKPACK_AUTH_URL must start with https:\/\//,
    )
  })
})
