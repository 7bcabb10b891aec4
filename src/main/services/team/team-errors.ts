import { PerkPackError } from '../perkpack-errors'
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

function refusedFix(url: TeamUrl): string {
  return (url as { fixIn?: unknown }).fixIn === 'settings'
    ? 'check the user in the Team URL and type its password in the Password field (Settings → Team)'
    : 'check the user and the password (PERKPACK_TEAM_PASSWORD, or the password in --team-url or PERKPACK_TEAM_URL)'
}

/**
 * A pg error as a message a person can act on. The password never appears: pg's messages do
 * not carry it, and the URL is shown in its display form only.
 */
export function teamError(error: unknown, url: TeamUrl): PerkPackError {
  if (error instanceof PerkPackError) return error
  const where = `${url.host}:${url.port}/${url.database}`
  const code = codeOf(error)
  if (isUnreachable(error)) {
    return new TeamUnreachable(
      `The team store at ${where} cannot be reached (${code ?? 'no answer'}).`,
      { cause: error },
    )
  }
  if (code === '28P01' || code === '28000') {
    return new PerkPackError(
      'team_refused',
      `The team store at ${where} refused user "${url.user}": ${refusedFix(url)}.`,
      { cause: error },
    )
  }
  if (code === '3D000') {
    return new PerkPackError(
      'team_refused',
      `The team store at ${url.host}:${url.port} has no database "${url.database}": create it (createdb ${url.database}) or fix the URL.`,
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
  const message = error instanceof Error ? error.message : String(error)
  const tls = /SSL|TLS|certificate/i.test(message)
    ? ' The server must offer TLS with a certificate this computer trusts (sslmode=verify-full), or use sslmode=require to encrypt without checking it.'
    : ''
  return new PerkPackError(
    'team_refused',
    `The team store at ${where} answered: ${message.replaceAll(url.password ?? '\u0000', '***')}.${tls}`,
    { cause: error },
  )
}
