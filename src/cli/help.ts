import { COMMANDS } from './command-table'

const GLOBAL_HELP = `Global options:
  --base-url URL   data API (env PERKPACK_BASE_URL; default https://api.indiegogo.com)
  --auth-url URL   sign-in host, token at <URL>/oauth/token (env PERKPACK_AUTH_URL)
  --data-dir DIR   offline cache and settings (env PERKPACK_DATA_DIR)
  --debug          show details (redacted) when something fails
  -h, --help       help; -v, --version  version

Credentials: PERKPACK_API_TOKEN, PERKPACK_EMAIL, PERKPACK_PASSWORD, else the OS keychain
(after \`perkpack login\`), else a prompt on a terminal. The offline cache is encrypted with a
key kept in the OS keychain (or PERKPACK_CACHE_KEY, 64 hex digits, where there is none).
Exit codes: 0 ok, 1 runtime failure (network, server; sync --strict with unreadable rows),
2 usage, missing credentials, bad input, 3 sync held back: far fewer orders than the offline copy,
4 pack: the order was packed before (at which station, when).
`

/**
 * A command's usage under "Commands:": a usage of several lines (tracking import, tracking fill)
 * is written for "Usage: perkpack …"; here each line stands in the command column, the summary
 * below them.
 */
function usageLines(usage: string): string {
  return usage
    .split('\n')
    .map((line) => `  ${line.trim().replace(/^perkpack /, '')}`)
    .join('\n')
}

export function mainHelp(): string {
  const lines = Object.values(COMMANDS).map((c) => `${usageLines(c.usage)}\n      ${c.summary}`)
  return `perkpack: crowdfunding reward fulfillment from the command line

Usage: perkpack <command> [options]

Commands:
${lines.join('\n')}

${GLOBAL_HELP}`
}

export function commandHelp(name: string): string {
  const command = COMMANDS[name]
  if (!command) return mainHelp()
  return `Usage: perkpack ${command.usage}

${command.summary}
${command.details ? `\n${command.details}\n` : ''}
${GLOBAL_HELP}`
}
