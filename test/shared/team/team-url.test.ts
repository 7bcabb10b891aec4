import { describe, expect, it } from 'vitest'
import { parseTeamUrl } from '../../../src/shared/team/team-url'

const SECRET = 'S3cr3t-pa55'

describe('the team URL rule', () => {
  it('reads user, host, port, database and the password, and shows the URL without it', () => {
    const url = parseTeamUrl(
      `postgres://packer:${SECRET}@db.example.com:6543/floor?sslmode=verify-full`,
    )
    expect(url).toEqual({
      host: 'db.example.com',
      port: 6543,
      database: 'floor',
      user: 'packer',
      password: SECRET,
      tls: 'verify-full',
      display: 'postgres://packer@db.example.com:6543/floor?sslmode=verify-full',
      serverKey: 'db.example.com:6543/floor',
    })
  })

  it('takes the password from the keychain or environment when the URL has none; the URL wins', () => {
    expect(parseTeamUrl('postgres://p@127.0.0.1/db', SECRET).password).toBe(SECRET)
    expect(parseTeamUrl('postgres://p@127.0.0.1/db', '').password).toBeNull()
    expect(parseTeamUrl(`postgresql://p:${SECRET}@127.0.0.1/db`, 'other').password).toBe(SECRET)
    expect(parseTeamUrl('postgres://p%40x:a%2Fb@127.0.0.1:5433/d%20b')).toMatchObject({
      user: 'p@x',
      password: 'a/b',
      database: 'd b',
      port: 5433,
    })
  })

  it('requires TLS on any host but this computer: no sslmode means verify-full there', () => {
    expect(parseTeamUrl('postgres://p@db.example.com/db').tls).toBe('verify-full')
    expect(parseTeamUrl('postgres://p@db.example.com/db?sslmode=require').tls).toBe('no-verify')
    expect(parseTeamUrl('postgres://p@db.example.com/db?sslmode=verify-ca').tls).toBe('verify-full')
    for (const mode of ['disable', 'allow', 'prefer']) {
      expect(() => parseTeamUrl(`postgres://p:${SECRET}@10.0.0.5/db?sslmode=${mode}`)).toThrow(
        `needs TLS: sslmode=${mode} is refused`,
      )
    }
    expect(() => parseTeamUrl('postgres://p@db.example.com/db?sslmode=fast')).toThrow(
      'Unknown sslmode "fast"',
    )
  })

  it('lets a server on this computer go without TLS: localhost and literal loopback only', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', '[0:0:0:0:0:0:0:1]']) {
      expect(parseTeamUrl(`postgres://p@${host}/db`).tls, host).toBe('off')
      expect(parseTeamUrl(`postgres://p@${host}/db?sslmode=disable`).tls, host).toBe('off')
    }
  })

  // Names a resolver answers (an /etc/hosts entry, or DNS when it has none) and addresses not
  // in the dotted form: a DNS answer pointing elsewhere would get the password in clear.
  it.each([
    'localhost.localdomain',
    'ip6-localhost',
    'localhost.',
    'db.localhost',
    '127.999.999.999',
    '127.08.0.1',
    '127.1',
    '0x7f.1',
    '2130706433',
    '127.0.0.1.',
    '127.0.0.1.example.com',
    '[::ffff:127.0.0.1]',
  ])('needs TLS, checked, for %s', (host) => {
    expect(parseTeamUrl(`postgres://p@${host}/db`).tls).toBe('verify-full')
    expect(() => parseTeamUrl(`postgres://p@${host}/db?sslmode=disable`)).toThrow(
      'needs TLS: sslmode=disable is refused',
    )
  })

  it('names what is wrong and never repeats the password', () => {
    const bad = [
      `mysql://p:${SECRET}@db.example.com/db`,
      `postgres://p:${SECRET}@db.example.com`,
      `postgres://:${SECRET}@db.example.com/db`,
      `postgres://p:${SECRET}@db.example.com/db?sslmode=disable`,
      `postgres://p:${SECRET}@db.example.com:99999999/db`,
      `postgres://p:${SECRET}@/db`,
      '   ',
    ]
    const messages = bad.map((raw) => {
      try {
        parseTeamUrl(raw)
        return 'parsed'
      } catch (error) {
        return (error as Error).message
      }
    })
    expect(messages).toEqual([
      expect.stringContaining('must start with postgres://'),
      expect.stringContaining('names no database'),
      expect.stringContaining('names no user'),
      expect.stringContaining('needs TLS'),
      expect.stringContaining('cannot be read'),
      expect.stringMatching(/cannot be read|names no host/),
      expect.stringContaining('is empty'),
    ])
    for (const message of messages) expect(message).not.toContain(SECRET)
  })

  it('takes a password= in the query string as the password and never shows it', () => {
    const url = parseTeamUrl(`postgres://p@db.example.com/db?sslmode=require&password=${SECRET}`)
    expect(url).toMatchObject({
      password: SECRET,
      tls: 'no-verify',
      display: 'postgres://p@db.example.com/db?sslmode=require',
    })
    // As libpq reads it: percent-decoded, a + stays a plus; the one before the host wins.
    expect(parseTeamUrl('postgres://p@h/db?password=a%26b+c&sslmode=require').password).toBe(
      'a&b+c',
    )
    expect(parseTeamUrl(`postgres://p:first@h/db?password=${SECRET}`).password).toBe('first')
    const secrets = parseTeamUrl(`postgres://p@h/db?PASSWORD=${SECRET}&sslpassword=${SECRET}`)
    expect(secrets.display).toBe('postgres://p@h/db')
    expect(JSON.stringify(parseTeamUrl(`postgres://p@h/db?password=${SECRET}`))).not.toContain(
      `=${SECRET}`,
    )
  })

  // A password holding / ? # ends the part before the host early: the URL parser sees a port
  // or a path where the password was, and the message must not repeat what it could not read.
  it.each([
    'pw1Alpha/pw2Bravo',
    'pw1Alpha?pw2Bravo',
    'pw1Alpha#pw2Bravo',
    'pw1Alpha/pw2Bravo?pw3Charlie#pw4Delta',
    'pw1Alpha:pw2Bravo@pw3Charlie',
  ])('never echoes a password like %s that the URL cannot hold as typed', (password) => {
    const raw = `postgres://packer:${password}@db.example.com:5432/floor?sslmode=verify-full`
    let message: string
    try {
      const url = parseTeamUrl(raw)
      message = [url.display, url.host, url.database, url.user, url.serverKey].join(' ')
    } catch (error) {
      message = (error as Error).message
    }
    for (const piece of password.split(/[/?#:@]/)) expect(message).not.toContain(piece)
  })
})
