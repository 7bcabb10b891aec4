import { describe, expect, it } from 'vitest'
import { redact, registerSecret } from '../../../../src/main/core/system/redact'

describe('redact', () => {
  it('ends a secret query value at #, so the fragment after it stays readable', () => {
    expect(redact('GET https://x.example/v2/c?access_token=abc123#page-2')).toBe(
      'GET https://x.example/v2/c?access_token=[redacted]#page-2',
    )
  })

  it('masks every secret parameter in a URL, and none of the others', () => {
    const out = redact('https://x.example/c?page=3&api_token=t1&refresh_token=t2&password=p3 done')
    expect(out).toBe(
      'https://x.example/c?page=3&api_token=[redacted]&refresh_token=[redacted]&password=[redacted] done',
    )
  })

  it('masks secrets in JSON bodies and bearer headers', () => {
    expect(redact('{"access_token": "eyJ.abc", "token_type":"bearer"}')).toBe(
      '{"access_token": "[redacted]", "token_type":"bearer"}',
    )
    expect(redact('Authorization: Bearer eyJhbGciOi.x-y_z')).toBe(
      'Authorization: Bearer [redacted]',
    )
  })

  it('masks a known secret wherever it turns up, URL-encoded too', () => {
    registerSecret('pa ss&word!')
    expect(redact('login failed for pa ss&word! (pa%20ss%26word!)')).toBe(
      'login failed for [redacted] ([redacted])',
    )
  })
})
