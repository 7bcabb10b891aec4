/**
 * Hosts whose pages PerkPack may open in the system browser: the platform's own. Anything else
 * in a contribution (an avatar URL, a referrer) is data, and a click on it must not become a
 * way to send someone to an arbitrary site.
 */
const EXTERNAL_HOSTS: readonly string[] = ['indiegogo.com', 'igg.me']

/** https only, and the host is an allowed one or a subdomain of it. */
export function isAllowedExternalUrl(
  value: string,
  hosts: readonly string[] = EXTERNAL_HOSTS,
): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false
  if (url.port !== '' && url.port !== '443') return false
  const host = url.hostname.toLowerCase()
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
}
