import { describe, expect, it } from 'vitest'
import { normalizeUrl } from '../../../src/main/services/profile'

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
