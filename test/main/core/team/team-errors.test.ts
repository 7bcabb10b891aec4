import { describe, expect, it } from 'vitest'
import { fromSettings, teamError } from '../../../../src/main/core/team/team-errors'
import { parseTeamUrl } from '../../../../src/shared/team/team-url'

const cli = parseTeamUrl('postgres://perkpack@db.example.com:5433/floor', 'Sesame-0pen')
const settings = fromSettings(cli)

/** An error as Node's net and tls modules, or pg, raise it. */
function failure(code: string | undefined, message = `connect ${code ?? ''}`): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code })
}

describe('the team store, when it cannot be used, in words', () => {
  it.each([
    [
      'ECONNREFUSED',
      'Nothing answered at db.example.com:5433: the connection was refused. Check that PostgreSQL runs on db.example.com and listens on port 5433, and the host and port in the Team URL (Settings → Team).',
    ],
    [
      'ENOTFOUND',
      'No computer named "db.example.com" was found. Check the host name in the Team URL (Settings → Team), and that this computer is on the network the server is on.',
    ],
    [
      'ETIMEDOUT',
      'db.example.com:5433 did not answer in time. Check the network, that no firewall blocks port 5433 between this computer and the server, and the host and port in the Team URL (Settings → Team).',
    ],
    [
      'EHOSTUNREACH',
      'db.example.com cannot be reached from this computer: there is no network route to it. Check the network (or the VPN the server is behind) and the host in the Team URL (Settings → Team).',
    ],
  ])('%s: what happened and what to check, no code', (code, text) => {
    const error = teamError(failure(code), settings)
    expect(error.code).toBe('team_unreachable')
    expect(error.message).toBe(text)
  })

  it("pg's own timeout and a cut connection are said as such", () => {
    expect(teamError(new Error('timeout expired'), settings).message).toMatch(
      /^db\.example\.com:5433 did not answer in time\./,
    )
    const cut = teamError(new Error('Connection terminated unexpectedly'), settings)
    expect(cut.message).toMatch(
      /^The connection to the team store at db\.example\.com:5433 was cut off\. It may be restarting/,
    )
    expect(cut.message).not.toContain('unexpectedly')
  })

  it('a certificate or a server without TLS names the problem and the fix', () => {
    expect(
      teamError(failure('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), settings)
        .message,
    ).toBe(
      'The team store at db.example.com:5433 offered a certificate this computer does not trust (it is self-signed). Ask whoever runs the server for a certificate issued for db.example.com by a trusted authority, or add sslmode=require to the Team URL (Settings → Team) to encrypt without checking it.',
    )
    expect(
      teamError(new Error('The server does not support SSL connections'), settings).message,
    ).toBe(
      'The team store at db.example.com:5433 does not offer TLS (encryption), and the Team URL (Settings → Team) asks for it. Ask whoever runs the server to turn TLS on.',
    )
  })

  it('a wrong password and a missing database: the window names its fields, the CLI its flags', () => {
    expect(
      teamError(failure('28P01', 'password authentication failed'), settings).message,
    ).toContain('Password field (Settings → Team)')
    expect(teamError(failure('3D000', 'database "floor" does not exist'), settings).message).toBe(
      'The team store at db.example.com:5433 has no database "floor": ask whoever runs the server to create it, or fix the database name at the end of the Team URL (Settings → Team).',
    )
    expect(teamError(failure('3D000'), cli).message).toContain('createdb floor')
    expect(teamError(failure('ECONNREFUSED'), cli).message).toContain(
      '--team-url or PERKPACK_TEAM_URL',
    )
  })

  it('never shows the password', () => {
    const error = teamError(new Error('boom Sesame-0pen'), settings)
    expect(error.message).not.toContain('Sesame-0pen')
  })
})
