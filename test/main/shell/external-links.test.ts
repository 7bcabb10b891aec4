import { describe, expect, it } from 'vitest'
import { isAllowedExternalUrl } from '../../../src/main/shell/external-links'

describe('external links', () => {
  it('allows https links to the platform and its subdomains only', () => {
    expect(isAllowedExternalUrl('https://www.indiegogo.com/projects/tidepool')).toBe(true)
    expect(isAllowedExternalUrl('https://indiegogo.com/')).toBe(true)
    expect(isAllowedExternalUrl('https://igg.me/at/tidepool')).toBe(true)
    expect(isAllowedExternalUrl('http://www.indiegogo.com/')).toBe(false)
    expect(isAllowedExternalUrl('https://notindiegogo.com/')).toBe(false)
    expect(isAllowedExternalUrl('https://indiegogo.com.evil.example/')).toBe(false)
    expect(isAllowedExternalUrl('https://indiegogo.com:8443/')).toBe(false)
    expect(isAllowedExternalUrl('https://a@indiegogo.com/')).toBe(false)
    expect(isAllowedExternalUrl('not a url')).toBe(false)
  })
})
