import { describe, expect, it } from 'vitest'
import { startRouter } from '../helpers/harness-router'

describe('the harness token: once in the URL, then an HttpOnly cookie', () => {
  it('trades /?token= for an HttpOnly, SameSite=Strict cookie and a redirect without it', async () => {
    const { token, origin, port } = await startRouter()
    const response = await fetch(`${origin}/?token=${token.value}`, { redirect: 'manual' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/')
    const setCookie = response.headers.get('set-cookie') ?? ''
    const attributes = setCookie.split(';').map((part) => part.trim())
    expect(attributes[0]).toBe(`perkpack-harness-${port}=${token.value}`)
    expect(attributes).toContain('HttpOnly')
    expect(attributes).toContain('SameSite=Strict')
    expect(attributes).toContain('Path=/')
  })

  it('sets no cookie for a wrong token', async () => {
    const { origin } = await startRouter()
    const response = await fetch(`${origin}/?token=${'0'.repeat(48)}`, { redirect: 'manual' })
    expect(response.status).toBe(403)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('answers 403 with a page to read, without the cookie or with a wrong one', async () => {
    const { origin, port } = await startRouter()
    const none = await fetch(`${origin}/`)
    expect(none.status).toBe(403)
    expect(none.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await none.text()).toContain('Open the URL the harness printed')
    const wrong = { cookie: `perkpack-harness-${port}=${'f'.repeat(48)}` }
    for (const path of ['/', '/assets/app.js', '/__harness/bridge.js', '/__harness/events']) {
      expect((await fetch(`${origin}${path}`)).status, path).toBe(403)
      expect((await fetch(`${origin}${path}`, { headers: wrong })).status, path).toBe(403)
    }
    const call = await fetch(`${origin}/__harness/ipc/settings:appInfo`, {
      method: 'POST',
      headers: wrong,
    })
    expect(call.status).toBe(403)
    expect(await call.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it("lets the page's cookie in, a stale one of an earlier run beside it, and the header too", async () => {
    const { origin, port, cookie, token } = await startRouter()
    const stale = `perkpack-harness-${port}=${'a'.repeat(48)}`
    const page = await fetch(`${origin}/`, { headers: { cookie: `${stale}; ${cookie}` } })
    expect(page.status).toBe(200)
    // The page's calls carry nothing but the cookie.
    const call = await fetch(`${origin}/__harness/ipc/settings:appInfo`, {
      method: 'POST',
      headers: { cookie: `${stale}; ${cookie}`, origin },
    })
    expect(await call.text()).toBe('settings:appInfo')
    const asset = await fetch(`${origin}/assets/app.js`, { headers: { cookie } })
    expect(await asset.text()).toBe('/assets/app.js')
    const header = await fetch(`${origin}/__harness/ipc/settings:appInfo`, {
      method: 'POST',
      headers: { 'x-perkpack-harness': token.value },
    })
    expect(await header.text()).toBe('settings:appInfo')
  })

  it("does not take another port's cookie", async () => {
    const other = await startRouter()
    const { origin } = await startRouter()
    expect((await fetch(`${origin}/`, { headers: { cookie: other.cookie } })).status).toBe(403)
  })
})

describe('Origin on requests that change state and on the event stream', () => {
  it('refuses a POST from another origin, even with the right cookie', async () => {
    const { origin, cookie } = await startRouter()
    const post = (from: string) =>
      fetch(`${origin}/__harness/ipc/settings:appInfo`, {
        method: 'POST',
        headers: { cookie, origin: from, 'content-type': 'application/json' },
        body: '[]',
      })
    const foreign = await post('http://evil.example')
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    // Another local port is another origin too.
    expect((await post('http://127.0.0.1:1')).status).toBe(403)
    expect((await post('null')).status).toBe(403)
    expect((await post(origin)).status).toBe(200)
  })

  it('refuses the event stream to another origin, even with the right cookie', async () => {
    const { origin, cookie } = await startRouter()
    const stream = (from: string) =>
      fetch(`${origin}/__harness/events`, { headers: { cookie, origin: from } })
    expect((await stream('http://evil.example')).status).toBe(403)
    expect((await stream(origin)).status).toBe(200)
  })
})

describe("the harness's log of a failed request", () => {
  it('redacts a token the error quotes, and the page gets a plain refusal', async () => {
    const logged: string[] = []
    const { origin, cookie } = await startRouter({
      serveStatic: () =>
        Promise.reject(
          new Error('fetch https://api.example/v2/c?api_token=s3cr3t-value&page=2 failed'),
        ),
      log: (line) => logged.push(line),
    })
    const response = await fetch(`${origin}/assets/app.js`, { headers: { cookie } })
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('s3cr3t')
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('request failed')
    expect(logged[0]).toContain('api_token=[redacted]')
    expect(logged[0]).not.toContain('s3cr3t-value')
  })
})
