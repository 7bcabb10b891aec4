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

/**
 * Query parameters that carry a secret: libpq takes `password` from the query string as well as
 * from before the host (and `sslpassword`, a client key's). Read, never shown.
 */
const SECRET_PARAMS = new Set(['password', 'sslpassword'])

/**
 * The query's parameters as libpq reads them: `&`-separated, percent-decoded, a `+` a plus
 * (URLSearchParams would make it a space and change the password).
 */
function queryParams(search: string): Array<{ raw: string; key: string; value: string }> {
  if (search.length <= 1) return []
  return search
    .slice(1)
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const at = raw.indexOf('=')
      const key = at < 0 ? raw : raw.slice(0, at)
      const secret = SECRET_PARAMS.has(key.toLowerCase())
      return {
        raw,
        key,
        value: at < 0 ? '' : decoded(raw.slice(at + 1), secret ? 'password' : `"${key}" value`),
      }
    })
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
    // Not echoed: what did not parse may be a password holding / ? # or @.
    throw new TeamUrlError(
      `The team URL cannot be read. Check the host and port, and write a / ? # @ : or % in the user name or password as %2F %3F %23 %40 %3A or %25 (or leave the password out of the URL). Example: ${EXAMPLE}`,
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
  const params = queryParams(url.search)
  const inQuery = params.find((param) => param.key === 'password')?.value ?? ''
  const inUrl = url.password !== '' ? decoded(url.password, 'password') : inQuery || null
  const loopback = isLiteralLoopbackHost(host)
  const tls = tlsOf(url.searchParams.get('sslmode'), loopback)
  const hostPort = `${url.host}`
  const shown = params.filter((param) => !SECRET_PARAMS.has(param.key.toLowerCase()))
  const query = shown.length === 0 ? '' : `?${shown.map((param) => param.raw).join('&')}`
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
