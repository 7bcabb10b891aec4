/**
 * Whether a host, as a URL names it, is this computer without asking anyone: `localhost`, or a
 * literal loopback address (127.0.0.0/8 written the canonical way, `::1`). The one rule for the
 * team store's TLS (shared/team/team-url.ts) and the API's http:// (main/core/session/profile.ts).
 *
 * Anything else may go through a name lookup that another machine answers: `localhost.localdomain`
 * and `ip6-localhost` are only entries some /etc/hosts files have; `127.999.999.999`,
 * `127.08.0.1`, `127.1`, `0x7f.1` and `2130706433` are not the dotted form, so a resolver reads
 * them its own way or passes them to DNS; a trailing dot makes a name absolute, for DNS.
 */

// 0-255 without leading zeros: "08" is octal to some resolvers, decimal to others.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const LOOPBACK_V4 = new RegExp(`^127(?:\\.${OCTET}){3}$`)

export function isLiteralLoopbackHost(host: string): boolean {
  if (host === '::1' || host === '[::1]') return true
  return host.toLowerCase() === 'localhost' || LOOPBACK_V4.test(host)
}
