import { parseArgs } from 'node:util'
import { UsageError } from '../main/core/system/perkpack-errors'

const OPTIONS = {
  'base-url': { type: 'string' },
  'auth-url': { type: 'string' },
  'data-dir': { type: 'string' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  status: { type: 'string' },
  perk: { type: 'string' },
  concurrency: { type: 'string' },
  watch: { type: 'boolean' },
  account: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  country: { type: 'string' },
  search: { type: 'string' },
  strict: { type: 'boolean' },
  'accept-shrink': { type: 'boolean' },
  layout: { type: 'string' },
  start: { type: 'string' },
  'offset-x': { type: 'string' },
  'offset-y': { type: 'string' },
  'order-line': { type: 'boolean' },
  sort: { type: 'string' },
  paper: { type: 'string' },
  station: { type: 'string' },
  'team-url': { type: 'string' },
  'dry-run': { type: 'boolean' },
  'include-held': { type: 'string' },
  'mark-printed': { type: 'boolean' },
  force: { type: 'boolean' },
  'password-stdin': { type: 'boolean' },
  priority: { type: 'string' },
  partial: { type: 'boolean' },
  name: { type: 'string' },
  reason: { type: 'string' },
  items: { type: 'string' },
  wave: { type: 'string' },
  'from-file': { type: 'string' },
  street: { type: 'string' },
  street2: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  zip: { type: 'string' },
  phone: { type: 'string' },
  cn22: { type: 'boolean' },
} as const

type OptionName = keyof typeof OPTIONS

function isOption(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name)
}

/**
 * `--offset-x -3` as `--offset-x=-3`: a negative number after an option that takes a value is
 * that value (the parser would read it as an option and refuse the line).
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const next = argv[i + 1]
    const name = arg.startsWith('--') ? arg.slice(2) : ''
    if (
      isOption(name) &&
      OPTIONS[name].type === 'string' &&
      next !== undefined &&
      /^-\d/.test(next)
    ) {
      out.push(`${arg}=${next}`)
      i++
    } else {
      out.push(arg)
    }
  }
  return out
}

/** Where to read about the options: the command's help when the line names one. */
function helpFor(argv: readonly string[]): string {
  const { positionals } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
    strict: false,
  })
  const name = positionals[0]
  return name === undefined ? '`perkpack --help`' : `\`perkpack ${name} --help\``
}

/** The parser's complaint in the words the rest of the CLI uses: the option, the fix. */
function parseProblem(error: unknown, argv: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: string } | null)?.code
  const option = /'(-{1,2}[^' =]+)/.exec(message)?.[1] ?? 'an option'
  const help = helpFor(argv)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return `Unknown option ${option}. See ${help} for the options it takes.`
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) {
      return `${option} takes no value: write ${option} alone. See ${help}.`
    }
    if (message.includes('ambiguous')) {
      return `${option} needs a value, but what follows it starts with a dash and reads as another option. Give the value right after ${option} (write ${option}=VALUE for a value that starts with a dash). See ${help}.`
    }
    return `${option} needs a value: ${option} VALUE. See ${help}.`
  }
  return `${message.split('\n')[0]} See ${help}.`
}

/** The command line read against OPTIONS; a line it cannot read is a usage error (exit 2). */
export function parseCommandLine(argv: readonly string[]) {
  const args = joinNegativeValues(argv)
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(parseProblem(error, args))
  }
}
