import { describe, expect, it } from 'vitest'
import { toIpcError, userMessage } from '../../../src/main/ipc/ipc-errors'
import { fetchText } from '../../../src/main/core/api/http'
import { ApiError, PerkPackError } from '../../../src/main/core/system/perkpack-errors'

const PAGE = 'GET /2/campaigns/2843117/contributions.json?page=1'

describe('errors on their way to the screen', () => {
  it('leaves the request path of an API error to the log and keeps what to try', () => {
    const lines: string[] = []
    const nextStep = 'Check the network or the API address, then try again.'
    const error = new ApiError(
      'network',
      PAGE,
      `Could not reach 127.0.0.1:9 (connection refused) for ${PAGE}. Gave up after 3 attempts.`,
      undefined,
      { nextStep },
    )
    expect(toIpcError(error, (line) => lines.push(line))).toEqual({
      code: 'api_network',
      message: `Could not reach 127.0.0.1:9 (connection refused). Gave up after 3 attempts. ${nextStep}`,
    })
    expect(lines).toEqual([
      `api_network: Could not reach 127.0.0.1:9 (connection refused) for ${PAGE}. Gave up after 3 attempts. ${nextStep}`,
    ])
  })

  it('points a sign-in that could not reach the server at the Auth URL, naming the host, no flag', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' },
    })
    const failing = () => Promise.reject(refused)
    const attempt = (url: string, endpoint: string) =>
      fetchText(failing, url, {}, endpoint, 1000).catch((error: unknown) => userMessage(error))
    expect(await attempt('http://auth.example:8080/oauth/token', 'POST /oauth/token')).toBe(
      'Could not reach auth.example:8080 (connection refused). ' +
        'Check the network or the sign-in address (Auth URL in Settings), then try again.',
    )
    expect(
      await attempt('https://api.example/2/campaigns/1/contributions.json?api_token=x', PAGE),
    ).toBe(
      'Could not reach api.example (connection refused). ' +
        'Check the network or the API address (API base URL in Settings), then try again.',
    )
    // The command line's words for the same failure name its flag.
    const cli = await fetchText(
      failing,
      'http://auth.example:8080/oauth/token',
      {},
      'POST /oauth/token',
      1000,
    ).catch((error: unknown) => (error as Error).message)
    expect(cli).toContain('(Auth URL in Settings, or --auth-url for perkpack)')
  })

  it('drops the path wherever the message put it, and keeps the rest of the words', () => {
    const forbidden = new ApiError(
      'forbidden',
      PAGE,
      `Your account is not on the team of campaign 2843117 (${PAGE}). Ask the campaign owner to add you.`,
      403,
    )
    expect(userMessage(forbidden)).toBe(
      'Your account is not on the team of campaign 2843117. Ask the campaign owner to add you.',
    )
    const refused = new ApiError('bad_request', PAGE, `The API refused ${PAGE} (400).`, 400)
    expect(userMessage(refused)).toBe('The API refused the request (400).')
    const server = new ApiError('server', PAGE, `The API answered 503 for ${PAGE}.`, 503)
    expect(userMessage(server)).toBe('The API answered 503.')
  })

  it('keeps our other messages and hides anything unexpected', () => {
    const lines: string[] = []
    expect(userMessage(new PerkPackError('usage', 'Pick a campaign first.'))).toBe(
      'Pick a campaign first.',
    )
    const hidden = toIpcError(new TypeError('boom at line 3'), (line) => lines.push(line))
    expect(hidden.code).toBe('internal')
    expect(hidden.message).toMatch(/^Something went wrong inside PerkPack\. Try again;/)
    expect(hidden.message).not.toMatch(/boom|line 3|TypeError/)
    // Anything else we do not know the words of reads the same on screen.
    expect(userMessage(new RangeError('index 7'))).toBe(hidden.message)
    expect(lines.join('\n')).toMatch(/boom at line 3/)
  })
})
