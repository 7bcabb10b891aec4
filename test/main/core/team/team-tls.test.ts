import { execFileSync, spawn } from 'node:child_process'
import dns from 'node:dns'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanupApps, makeApp } from '../../../helpers/app'
import { ROOT } from '../../../helpers/cli'
import { perkpackHere } from '../../../helpers/cli-in-process'
import { cleanup, tempDir } from '../../../helpers/harness'
import { PG_PASSWORD, PG_USER, startPostgres } from '../../../helpers/postgres-server'
import type { PostgresServer } from '../../../helpers/postgres-server'
import { childArgs } from '../../../helpers/child-script'

// The team store's TLS rule (docs/team-mode.md, shared/team/team-url.ts) on the wire: a host
// that is not literally this computer gets TLS with the certificate and the host name checked,
// and nothing of the password leaves before that.

vi.setConfig({ testTimeout: 60_000 })
const PASSWORD = 'Clear-Text-Would-Leak-9'
const CHILD = fileURLToPath(new URL('../../../helpers/team-connect-child.ts', import.meta.url))
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f])

/**
 * A server speaking just enough of PostgreSQL's protocol to be handed a password: "no TLS here"
 * to a TLS request, "send your password in clear" to a start-up message. It keeps every byte
 * it was sent.
 */
async function passwordCatcher(): Promise<{
  port: number
  received: () => Buffer
  close: () => void
}> {
  const chunks: Buffer[] = []
  const server = net.createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (chunk.equals(SSL_REQUEST)) socket.write('N')
      else if (chunk.readInt32BE(4) === 196_608)
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]))
      else socket.end()
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => Buffer.concat(chunks),
    close: () => server.close(),
  }
}

// What a DNS answer pointing elsewhere does: these names and strings resolve to the catcher.
const ANSWERED = [
  'localhost.localdomain',
  'ip6-localhost',
  '127.999.999.999',
  '127.08.0.1',
  'localhost.',
]
const lookup = dns.lookup
function answerEverything(): void {
  dns.lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (
      ...args: unknown[]
    ) => void
    const all = typeof options === 'object' && (options as { all?: boolean } | null)?.all
    if (!ANSWERED.includes(hostname)) return lookup(hostname, options as never, done as never)
    if (all) done(null, [{ address: '127.0.0.1', family: 4 }])
    else done(null, '127.0.0.1', 4)
  }) as typeof dns.lookup
}

afterEach(() => {
  dns.lookup = lookup
})

afterAll(async () => {
  await cleanupApps()
  await cleanup()
})

describe('a team store named by something other than localhost or a loopback address', () => {
  it.each(ANSWERED)('%s: the CLI asks for TLS and sends no password', async (host) => {
    const catcher = await passwordCatcher()
    answerEverything()
    try {
      const result = await perkpackHere(['team', 'init'], {
        PERKPACK_DATA_DIR: tempDir(),
        PERKPACK_TEAM_URL: `postgres://${PG_USER}@${host}:${catcher.port}/team`,
        PERKPACK_TEAM_PASSWORD: PASSWORD,
      })
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('does not offer TLS (encryption)')
      expect(catcher.received()).toEqual(SSL_REQUEST)
      expect(`${result.stdout}${result.stderr}`).not.toContain(PASSWORD)
    } finally {
      catcher.close()
    }
  })

  it('the app (Settings → Team, Test connection) asks for TLS and sends no password', async () => {
    const catcher = await passwordCatcher()
    answerEverything()
    try {
      const app = await makeApp()
      for (const host of ANSWERED) {
        const url = `postgres://${PG_USER}@${host}:${catcher.port}/team`
        const check = await app.value('team:test', { url, password: PASSWORD })
        expect(check.ok, host).toBe(false)
        expect(check.message).toContain('does not offer TLS (encryption)')
      }
      expect(catcher.received()).toEqual(Buffer.concat(ANSWERED.map(() => SSL_REQUEST)))
    } finally {
      catcher.close()
    }
  })

  it('the catcher does get the password from a client that skips TLS (the test can fail)', async () => {
    const catcher = await passwordCatcher()
    try {
      const result = await perkpackHere(['team', 'init'], {
        PERKPACK_DATA_DIR: tempDir(),
        PERKPACK_TEAM_URL: `postgres://${PG_USER}@127.0.0.1:${catcher.port}/team`,
        PERKPACK_TEAM_PASSWORD: PASSWORD,
      })
      expect(result.code).not.toBe(0)
      expect(catcher.received().toString('latin1')).toContain(PASSWORD)
    } finally {
      catcher.close()
    }
  })
})

/** A CA and a certificate for `localhost` it signed (none for 127.0.0.1). */
function certificates(dir: string): { ca: string; cert: string; key: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=PerkPack test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  )
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost')
  fs.writeFileSync(
    path.join(dir, 'ext'),
    'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n',
  )
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext',
  )
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8')
  return { ca: path.join(dir, 'ca.pem'), cert: read('server.pem'), key: read('server.key') }
}

describe('sslmode=verify-full against a real server offering TLS', () => {
  let server: PostgresServer
  let ca: string

  beforeAll(async () => {
    const made = certificates(tempDir())
    ca = made.ca
    server = await startPostgres({ tls: { cert: made.cert, key: made.key } })
    await server.createDatabase('tls')
  }, 60_000)

  afterAll(() => server?.destroy())

  /** What connectTeam says of each URL, in a process of its own (NODE_EXTRA_CA_CERTS). */
  async function connect(
    urls: string[],
    env: Record<string, string>,
  ): Promise<Array<{ ok: boolean; message?: string }>> {
    const inherited = { ...process.env }
    delete inherited.PGSSLMODE
    delete inherited.NODE_EXTRA_CA_CERTS
    const child = spawn(process.execPath, childArgs(CHILD), {
      cwd: ROOT,
      env: {
        ...inherited,
        TEAM_CONNECT_URLS: JSON.stringify(urls),
        TEAM_CONNECT_PASSWORD: PG_PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    await new Promise((resolve) => child.once('close', resolve))
    return out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { ok: boolean; message?: string })
  }

  const at = (host: string, sslmode: string) =>
    `postgres://${PG_USER}@${host}:${server.port}/tls?sslmode=${sslmode}`

  it('checks the chain and the host name; require only encrypts; PGSSLMODE changes nothing', async () => {
    const trusting = await connect(
      [
        at('localhost', 'verify-full'),
        at('127.0.0.1', 'verify-full'),
        at('127.0.0.1', 'verify-ca'),
      ],
      { NODE_EXTRA_CA_CERTS: ca },
    )
    expect(trusting).toEqual([
      { ok: true },
      {
        ok: false,
        message: expect.stringMatching(
          /issued for another host name\)\. Ask whoever runs the server/,
        ),
      },
      {
        ok: false,
        message: expect.stringMatching(
          /issued for another host name\)\. Ask whoever runs the server/,
        ),
      },
    ])
    // No CA of this computer signed it; the environment's PGSSLMODE does not weaken the rule.
    const strangers = await connect([at('localhost', 'verify-full'), at('127.0.0.1', 'require')], {
      PGSSLMODE: 'disable',
    })
    expect(strangers).toEqual([
      {
        ok: false,
        message: expect.stringMatching(
          /offered a certificate this computer does not trust \(it is signed by an authority this computer does not know\)/,
        ),
      },
      { ok: true },
    ])
  })
})
