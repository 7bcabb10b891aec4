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

  it('drops trailing slashes, which would double up when paths are appended', () => {
    expect(normalizeUrl(' http://127.0.0.1:4010// ', 'PERKPACK_BASE_URL')).toBe(
      'http://127.0.0.1:4010',
    )
  })
})
