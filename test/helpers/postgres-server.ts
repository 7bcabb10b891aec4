/**
 * A throwaway PostgreSQL server for the team-mode tests: initdb and pg_ctl on a temporary
 * directory and a free port, as the `postgres` user when the tests run as root (initdb refuses
 * root). One server per test file; each test takes a database of its own.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const PG_USER = 'perkpack'
/** Only ever on 127.0.0.1 of a test machine; the tests check it never shows in any output. */
export const PG_PASSWORD = 'Sesame-0pen-Team'

export interface PostgresServer {
  port: number
  /** postgres://perkpack@127.0.0.1:PORT/DB, without the password. */
  url(database: string): string
  createDatabase(name: string): Promise<string>
  start(): void
  /** Stops the server, keeping its files (for the offline tests). */
  stop(): void
  destroy(): void
}

function binDir(): string {
  const fixed = '/usr/lib/postgresql/15/bin'
  if (fs.existsSync(path.join(fixed, 'initdb'))) return fixed
  // Another major version from the distribution's `postgresql` package: the newest one.
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .filter((name) => fs.existsSync(path.join('/usr/lib/postgresql', name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions[0] !== undefined) return path.join('/usr/lib/postgresql', versions[0], 'bin')
  return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo
      server.close(() => resolve(address.port))
    })
  })
}

export interface PostgresOptions {
  /** PEM certificate and key: the server offers TLS with them (ssl=on). */
  tls?: { cert: string; key: string }
}

export async function startPostgres(config: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = binDir()
  const root = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-pg-'))
  const data = path.join(dir, 'data')
  const pwfile = path.join(dir, 'pw')
  fs.writeFileSync(pwfile, PG_PASSWORD)
  let tls = ''
  if (config.tls) {
    // The server refuses a key others may read.
    fs.writeFileSync(path.join(dir, 'server.pem'), config.tls.cert)
    fs.writeFileSync(path.join(dir, 'server.key'), config.tls.key, { mode: 0o600 })
    tls = ` -c ssl=on -c ssl_cert_file=${dir}/server.pem -c ssl_key_file=${dir}/server.key`
  }
  if (root) execFileSync('chown', ['-R', 'postgres:postgres', dir])
  const run = (tool: string, args: string[]) => {
    const command = root ? 'runuser' : path.join(bin, tool)
    const argv = root ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args
    execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir })
  }
  // One initdb for every file of a run (and later runs on the machine): a cluster made once,
  // copied for each server. The copy is what initdb would write again (same binaries, options,
  // password), and each file still gets a cluster of its own to start, stop and destroy.
  const initdb = [
    '-U',
    PG_USER,
    `--pwfile=${pwfile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        bin,
        initdb.filter((arg) => arg !== `--pwfile=${pwfile}`),
        PG_PASSWORD,
        root,
      ]),
    )
    .digest('hex')
    .slice(0, 16)
  const template = path.join(os.tmpdir(), `perkpack-pg-template-${key}`)
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) {
    const fresh = path.join(dir, 'template')
    run('initdb', ['-D', fresh, ...initdb])
    try {
      // Atomic: a file that loses the race to another worker keeps the winner's template.
      fs.renameSync(fresh, template)
    } catch {
      fs.rmSync(fresh, { recursive: true, force: true })
    }
  }
  execFileSync('cp', ['-a', template, data])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60${tls}`
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '30',
      'start',
    ])
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  start()
  let running = true
  return {
    port,
    url: (database) => `postgres://${PG_USER}@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({
        host: '127.0.0.1',
        port,
        user: PG_USER,
        password: PG_PASSWORD,
        database: 'postgres',
      })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
      } finally {
        await client.end()
      }
      return `postgres://${PG_USER}@127.0.0.1:${port}/${name}`
    },
    start() {
      if (running) return
      start()
      running = true
    },
    stop() {
      if (!running) return
      stop()
      running = false
    },
    destroy() {
      try {
        if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // Already gone: the directory goes anyway.
      }
      running = false
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
