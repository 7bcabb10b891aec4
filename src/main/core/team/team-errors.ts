import { PerkPackError } from '../system/perkpack-errors'
import type { TeamUrl } from '../../../shared/team/team-url'

/** The team store cannot be reached now: the desk queues its actions and carries on. */
export class TeamUnreachable extends PerkPackError {
  override name = 'TeamUnreachable'
  constructor(message: string, options?: { cause?: unknown }) {
    super('team_unreachable', message, options)
  }
}

// libpq-style network failures, and pg's own words for a connection that went away.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export function isUnreachable(error: unknown): boolean {
  if (error instanceof TeamUnreachable) return true
  const code = codeOf(error)
  if (code !== undefined && NETWORK_CODES.has(code)) return true
  const message = error instanceof Error ? error.message : ''
  return /Connection terminated|timeout expired|Client has encountered a connection error|not queryable/i.test(
    message,
  )
}

/**
 * A team URL the app built from Settings → Team: a refused password then names the Settings
 * field, where the person can fix it, not the CLI's variable or a password in the URL (which
 * that field refuses).
 */
export function fromSettings(url: TeamUrl): TeamUrl {
  return { ...url, fixIn: 'settings' } as TeamUrl
}

function inSettings(url: TeamUrl): boolean {
  return (url as { fixIn?: unknown }).fixIn === 'settings'
}

function refusedFix(url: TeamUrl): string {
  return inSettings(url)
    ? 'check the user in the Team URL and type its password in the Password field (Settings → Team)'
    : 'check the user and the password (PERKPACK_TEAM_PASSWORD, or the password in --team-url or PERKPACK_TEAM_URL)'
}

/** Where the person fixes the URL: the Settings field, or the CLI's flag and variable. */
function urlPlace(url: TeamUrl): string {
  return inSettings(url) ? 'the Team URL (Settings → Team)' : '--team-url or PERKPACK_TEAM_URL'
}

const TIMEOUT = /timeout expired|connection timeout|timed out/i
const CUT_OFF = /Connection terminated|Client has encountered a connection error|not queryable/i

/**
 * What happened when the team store could not be reached, and what to check, in words: the
 * network's codes (ECONNREFUSED, ENOTFOUND, ...) never reach a person.
 */
function unreachableText(code: string | undefined, message: string, url: TeamUrl): string {
  const where = `${url.host}:${url.port}`
  const place = urlPlace(url)
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing answered at ${where}: the connection was refused. Check that PostgreSQL runs on ${url.host} and listens on port ${url.port}, and the host and port in ${place}.`
    case 'ENOTFOUND':
      return `No computer named "${url.host}" was found. Check the host name in ${place}, and that this computer is on the network the server is on.`
    case 'EAI_AGAIN':
      return `The name "${url.host}" could not be looked up just now: the network gave no answer. Check this computer's network connection, then try again.`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${url.host} cannot be reached from this computer: there is no network route to it. Check the network (or the VPN the server is behind) and the host in ${place}.`
    case 'ETIMEDOUT':
      return `${where} did not answer in time. Check the network, that no firewall blocks port ${url.port} between this computer and the server, and the host and port in ${place}.`
    case '57P01':
    case '57P02':
    case '57P03':
      return `The team store at ${where} is shutting down or starting up. Try again in a minute.`
  }
  if (TIMEOUT.test(message)) {
    return `${where} did not answer in time. Check the network, that no firewall blocks port ${url.port} between this computer and the server, and the host and port in ${place}.`
  }
  return `The connection to the team store at ${where} was cut off${CUT_OFF.test(message) || code ? '' : ` (${message})`}. It may be restarting: try again in a minute; if it keeps happening, check the network and ${place}.`
}

/** Node's words for a certificate this computer does not trust, as a person reads them. */
const CERTIFICATE_WORDS: Readonly<Record<string, string>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'it is signed by an authority this computer does not know',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it is signed by an authority this computer does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it is signed by an authority this computer does not know',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it was issued for another host name',
}

/** A TLS failure in words, or null when `error` is none. */
function tlsText(code: string | undefined, message: string, url: TeamUrl): string | null {
  const where = `${url.host}:${url.port}`
  if (/does not support SSL/i.test(message)) {
    return `The team store at ${where} does not offer TLS (encryption), and ${urlPlace(url)} asks for it. Ask whoever runs the server to turn TLS on.`
  }
  const words = code === undefined ? undefined : CERTIFICATE_WORDS[code]
  if (words === undefined && !/certificate|SSL|TLS/i.test(message)) return null
  return `The team store at ${where} offered a certificate this computer does not trust (${words ?? 'it could not be checked'}). Ask whoever runs the server for a certificate issued for ${url.host} by a trusted authority, or add sslmode=require to ${urlPlace(url)} to encrypt without checking it.`
}

/**
 * A pg error as a message a person can act on. The password never appears: pg's messages do
 * not carry it, and the URL is shown in its display form only.
 */
export function teamError(error: unknown, url: TeamUrl): PerkPackError {
  if (error instanceof PerkPackError) return error
  const where = `${url.host}:${url.port}/${url.database}`
  const code = codeOf(error)
  const raw = error instanceof Error ? error.message : String(error)
  const message = raw.replaceAll(url.password ?? '\u0000', '***')
  if (isUnreachable(error)) {
    return new TeamUnreachable(unreachableText(code, message, url), { cause: error })
  }
  if (code === '28P01' || code === '28000') {
    return new PerkPackError(
      'team_refused',
      `The team store at ${where} refused user "${url.user}": ${refusedFix(url)}.`,
      { cause: error },
    )
  }
  // pg's words when the server asks for a password and none was given.
  if (/client password must be a string|no password (was )?(supplied|provided)/i.test(message)) {
    const fix = inSettings(url)
      ? 'type it in the Password field (Settings → Team)'
      : 'set PERKPACK_TEAM_PASSWORD, or run it where a password is kept for this URL'
    return new PerkPackError(
      'team_refused',
      `The team store at ${where} asks user "${url.user}" for a password, and none is kept for this URL: ${fix}.`,
      { cause: error },
    )
  }
  if (code === '3D000') {
    const fix = inSettings(url)
      ? `ask whoever runs the server to create it, or fix the database name at the end of the Team URL (Settings → Team)`
      : `create it (createdb ${url.database}) or fix the URL`
    return new PerkPackError(
      'team_refused',
      `The team store at ${url.host}:${url.port} has no database "${url.database}": ${fix}.`,
      { cause: error },
    )
  }
  if (code === '42501') {
    return new PerkPackError(
      'team_refused',
      `User "${url.user}" may not do this in the team store at ${where}: grant it the rights on the perkpack tables (docs/team-mode.md).`,
      { cause: error },
    )
  }
  const tls = tlsText(code, message, url)
  return new PerkPackError(
    'team_refused',
    tls ?? `The team store at ${where} answered: ${message}.`,
    { cause: error },
  )
}
