import { isIP } from 'node:net'
import { checkServerIdentity } from 'node:tls'
import type pg from 'pg'
import type { TeamUrl } from '../../../shared/team/team-url'
import { teamError } from './team-errors'

/** How long a desk waits for the team store before it queues the action instead. */
export const CONNECT_TIMEOUT_MS = 3_000
const STATEMENT_TIMEOUT_MS = 15_000

type PgModule = typeof pg

/** pg is loaded on the first connection: a CLI run without a team URL never pays for it. */
async function pgClient(): Promise<typeof pg.Client> {
  const mod = (await import('pg')) as PgModule & { default?: PgModule }
  return (mod.default ?? mod).Client
}

export interface TeamClient {
  readonly url: TeamUrl
  readonly pg: pg.Client
  close(): Promise<void>
}

/**
 * TLS as team-url.ts decided it. pg is given this object, never the URL: it does not read the
 * URL's sslmode (its own connection-string reading would take `require` as verify-full), and an
 * explicit `ssl` makes it ignore PGSSLMODE and the other PG* variables. verify-full: the chain
 * must lead to a CA Node trusts and the certificate must name the host of the URL, whatever
 * host pg hands to tls.connect; the name goes out as SNI unless it is an address (RFC 6066).
 */
function tlsOption(url: TeamUrl): pg.ClientConfig['ssl'] {
  if (url.tls === 'off') return false
  if (url.tls === 'no-verify') return { rejectUnauthorized: false }
  return {
    rejectUnauthorized: true,
    ...(isIP(url.host) === 0 ? { servername: url.host } : {}),
    checkServerIdentity: (_host, cert) => checkServerIdentity(url.host, cert),
  }
}

/** One connection to the team store; errors come out as the desk's own messages. */
export async function connectTeam(
  url: TeamUrl,
  options: { connectTimeoutMs?: number; applicationName?: string } = {},
): Promise<TeamClient> {
  const client = new (await pgClient())({
    host: url.host,
    port: url.port,
    database: url.database,
    user: url.user,
    password: url.password ?? undefined,
    ssl: tlsOption(url),
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: options.applicationName ?? 'perkpack',
    keepAlive: true,
  })
  // A connection that drops later surfaces on the next query; this only keeps Node from
  // treating the socket's own error event as unhandled.
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => undefined)
    throw teamError(error, url)
  }
  return {
    url,
    pg: client,
    async close() {
      await client.end().catch(() => undefined)
    },
  }
}

/** Runs `fn` in one transaction; a failure rolls back and comes out as the desk's message. */
export async function inTransaction<T>(
  client: TeamClient,
  fn: (db: pg.Client) => Promise<T>,
): Promise<T> {
  try {
    await client.pg.query('BEGIN')
    const result = await fn(client.pg)
    await client.pg.query('COMMIT')
    return result
  } catch (error) {
    await client.pg.query('ROLLBACK').catch(() => undefined)
    throw teamError(error, client.url)
  }
}
