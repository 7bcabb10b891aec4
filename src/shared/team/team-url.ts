import { isLiteralLoopbackHost } from '../net/loopback-host'

/**
 * The team store's connection URL, read the same way by the CLI, the main process and the
 * Settings → Team view: `postgres://user[:password]@host[:port]/database[?sslmode=...]`.
 * TLS is required unless the host is this computer (`localhost` or a literal loopback address,
 * shared/net/loopback-host.ts); the password may come from the URL or separately (the keychain,
 * PERKPACK_TEAM_PASSWORD) and is never part of any message.
 */
export type TeamTls = 'off' | 'verify-full' | 'no-verify'

export interface TeamUrl {
  host: string
  port: number
  database: string
  user: string
  /** null when the URL has none: the caller supplies it (keychain, environment). */
  password: string | null
  tls: TeamTls
  /** The URL with the password left out: safe for messages, logs and status. */
  display: string
  /** Identifies the server and database for this desk's cursor, without user or password. */
  serverKey: string
}

export class TeamUrlError extends Error {
  override name = 'TeamUrlError'
}

const EXAMPLE = 'postgres://perkpack@db.example.com:5432/perkpack?sslmode=verify-full'

/** libpq's sslmode words, mapped onto what this desk does with them. */
function tlsOf(mode: string | null, loopback: boolean): TeamTls {
  switch (mode) {
    case null:
      return loopback ? 'off' : 'verify-full'
    case 'verify-full':
    case 'verify-ca':
      return 'verify-full'
    case 'require':
      return 'no-verify'
    case 'disable':
    case 'allow':
    case 'prefer':
      if (loopback) return 'off'
      throw new TeamUrlError(
        `The team store on a host other than this computer needs TLS: sslmode=${mode} is refused. Use sslmode=verify-full (or leave sslmode out), e.g. ${EXAMPLE}.`,
      )
    default:
      throw new TeamUrlError(
        `Unknown sslmode "${mode}" in the team URL. Use verify-full, verify-ca or require (or disable, for a server on this computer only).`,
      )
  }
}

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new TeamUrlError(`The ${what} in the team URL is not valid percent-encoding.`)
  }
}

/** Without a password, whatever the input held: for messages about a URL that did not parse. */
export function redactTeamUrl(raw: string): string {
  return raw.replace(/^(\w+:\/\/[^:@/?#]*):[^@/?#]*@/, '$1:***@')
}

/**
 * Reads a team URL; `password` (from the keychain or the environment) is used when the URL
 * carries none. Throws TeamUrlError naming the problem and the fix, never echoing a password.
 */
export function parseTeamUrl(raw: string, password: string | null = null): TeamUrl {
  const text = raw.trim()
  if (text === '') throw new TeamUrlError(`The team URL is empty. Example: ${EXAMPLE}`)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new TeamUrlError(
      `The team URL "${redactTeamUrl(text)}" cannot be read. Example: ${EXAMPLE}`,
    )
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new TeamUrlError(
      `The team URL must start with postgres:// (got ${url.protocol.replace(/:$/, '')}://). Example: ${EXAMPLE}`,
    )
  }
  const host = url.hostname
  if (host === '') throw new TeamUrlError(`The team URL names no host. Example: ${EXAMPLE}`)
  const port = url.port === '' ? 5432 : Number(url.port)
  const database = decoded(url.pathname.replace(/^\//, ''), 'database name')
  if (database === '' || database.includes('/')) {
    throw new TeamUrlError(
      `The team URL names no database (the part after the host's /). Example: ${EXAMPLE}`,
    )
  }
  const user = decoded(url.username, 'user name')
  if (user === '')
    throw new TeamUrlError(`The team URL names no user (user@host). Example: ${EXAMPLE}`)
  const inUrl = url.password === '' ? null : decoded(url.password, 'password')
  const loopback = isLiteralLoopbackHost(host)
  const tls = tlsOf(url.searchParams.get('sslmode'), loopback)
  const hostPort = `${url.host}`
  const query = url.search
  return {
    host: host.replace(/^\[|\]$/g, ''),
    port,
    database,
    user,
    password: inUrl ?? (password === '' ? null : password),
    tls,
    display: `postgres://${url.username}@${hostPort}${url.pathname}${query}`,
    serverKey: `${hostPort}${url.pathname}`,
  }
}

/**
 * The keychain account of a team store's password, named by the URL's display form: the app
 * keeps it there (Settings → Team) and the command line reads it for the same URL.
 */
export function teamPasswordAccount(url: TeamUrl): string {
  return `team:${url.display}`
}
