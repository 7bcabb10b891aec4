/**
 * The one redaction function. Tokens travel in query strings, so every URL is a secret; every
 * error message, cause, log line and IPC reply goes through `redact` before anyone sees it.
 */

const SECRET_PARAMS = ['api_token', 'access_token', 'refresh_token', 'password', 'client_secret']
const PARAM_PATTERN = new RegExp(
  `((?:^|[?&;\\s"'])(?:${SECRET_PARAMS.join('|')})=)([^&\\s"'#]*)`,
  'gi',
)
const JSON_PATTERN = new RegExp(`("(?:${SECRET_PARAMS.join('|')})"\\s*:\\s*")([^"]*)(")`, 'gi')
const BEARER_PATTERN = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi

const REDACTED = '[redacted]'

/** Secret values seen by this process (tokens, passwords), masked wherever they turn up. */
const knownSecrets = new Set<string>()

/** Short values would mask ordinary words; real tokens and passwords are longer. */
const MIN_SECRET_LENGTH = 4

export function registerSecret(value: string | null | undefined): void {
  if (value && value.length >= MIN_SECRET_LENGTH) knownSecrets.add(value)
}

/**
 * A secret no longer held (a password after its grant, an account's tokens at sign-out): the
 * redaction does not keep a plaintext copy of it for the rest of the run.
 */
export function forgetSecret(value: string | null | undefined): void {
  if (value) knownSecrets.delete(value)
}

export function redact(text: string): string {
  let out = text
    .replace(PARAM_PATTERN, `$1${REDACTED}`)
    .replace(JSON_PATTERN, `$1${REDACTED}$3`)
    .replace(BEARER_PATTERN, `$1${REDACTED}`)
  for (const secret of knownSecrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    const encoded = encodeURIComponent(secret)
    if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(REDACTED)
  }
  return out
}

/** Message and cause chain of anything thrown, redacted, for logs and `--debug`. */
export function describeError(error: unknown, withStack = false): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(withStack && current.stack ? current.stack : `${current.name}: ${current.message}`)
      current = current.cause
    } else {
      parts.push(String(current))
      break
    }
  }
  return redact(parts.join('\ncaused by: '))
}
