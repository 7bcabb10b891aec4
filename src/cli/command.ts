import type { CliContext } from './context'

/** The options `parseArgs` read (parse-options.ts's OPTIONS); each command accepts the ones it lists. */
export interface ParsedValues {
  'base-url'?: string
  'auth-url'?: string
  'data-dir'?: string
  debug?: boolean
  help?: boolean
  version?: boolean
  json?: boolean
  status?: string
  perk?: string
  concurrency?: string
  watch?: boolean
  account?: string
  out?: string
  format?: string
  country?: string
  search?: string
  strict?: boolean
  'accept-shrink'?: boolean
  layout?: string
  start?: string
  'offset-x'?: string
  'offset-y'?: string
  'order-line'?: boolean
  sort?: string
  paper?: string
  station?: string
  'team-url'?: string
  'dry-run'?: boolean
  'include-held'?: string
  'mark-printed'?: boolean
  force?: boolean
  'password-stdin'?: boolean
  priority?: string
  partial?: boolean
  name?: string
  'from-file'?: string
  street?: string
  street2?: string
  city?: string
  state?: string
  zip?: string
  phone?: string
  reason?: string
  items?: string
  wave?: string
  cn22?: boolean
}

export interface CommandInput {
  context: CliContext
  args: string[]
  values: ParsedValues
  signal: AbortSignal
}

/** One `perkpack <name>` command; src/cli/command-table.ts lists them under their names. */
export interface Command {
  usage: string
  summary: string
  details?: string
  options: (keyof ParsedValues)[]
  run(input: CommandInput): Promise<number>
}
