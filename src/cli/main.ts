import {
  ApiError,
  Cancelled,
  InvalidCredentials,
  PerkPackError,
  SignInRequired,
  UsageError,
} from '../main/core/system/perkpack-errors'
import { describeError, redact } from '../main/core/system/redact'
import { VERSION } from '../main/core/system/version'
import type { ParsedValues } from './command'
import { COMMANDS } from './command-table'
import { CliContext } from './context'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes'
import { SELECTION_FLAGS_TEXT } from './selection-flags'
import { commandHelp, mainHelp } from './help'
import { parseCommandLine } from './parse-options'
import type { CliIo } from './io'

const GLOBAL_OPTIONS = new Set(['base-url', 'auth-url', 'data-dir', 'debug', 'help', 'version'])

export async function run(argv: string[], io: CliIo): Promise<number> {
  let debug = argv.includes('--debug')
  let context: CliContext | null = null
  const controller = new AbortController()
  const onSigint = () => controller.abort()
  process.once('SIGINT', onSigint)
  try {
    const parsed = parseCommandLine(argv)
    const values = parsed.values as ParsedValues
    debug = Boolean(values.debug)
    const [name, ...rest] = parsed.positionals
    if (values.version) {
      io.stdout.write(`perkpack ${VERSION}\n`)
      return EXIT_OK
    }
    if (name === 'help' || (!name && values.help)) {
      const topic = name === 'help' ? rest[0] : undefined
      io.stdout.write(topic && COMMANDS[topic] ? commandHelp(topic) : mainHelp())
      return EXIT_OK
    }
    if (!name) {
      io.stderr.write(mainHelp())
      return EXIT_USAGE
    }
    const command = COMMANDS[name]
    if (!command)
      throw new UsageError(
        `Unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}.`,
      )
    if (values.help) {
      io.stdout.write(commandHelp(name))
      return EXIT_OK
    }
    for (const key of Object.keys(values)) {
      if (!GLOBAL_OPTIONS.has(key) && !command.options.includes(key as keyof ParsedValues)) {
        throw new UsageError(
          `\`perkpack ${name}\` has no option --${key}. See \`perkpack ${name} --help\`.`,
        )
      }
    }
    context = new CliContext(io, {
      baseUrl: values['base-url'],
      authUrl: values['auth-url'],
      dataDir: values['data-dir'],
      debug,
    })
    await context.unlockCache()
    return await command.run({ context, args: rest, values, signal: controller.signal })
  } catch (error) {
    io.stderr.write(`perkpack: ${errorLine(error)}\n`)
    if (debug) io.stderr.write(`${describeError(error, true)}\n`)
    return exitCodeFor(error)
  } finally {
    process.removeListener('SIGINT', onSigint)
    context?.close()
  }
}

/**
 * 2 for what the person must change before running again: usage, credentials missing or refused
 * (a wrong password and a rejected API token alike; an account the campaign refuses), an ID the
 * API does not know or a request it cannot take. 1 for failures
 * that trying again later may cure: network, server, rate limits.
 */
function exitCodeFor(error: unknown): number {
  if (
    error instanceof UsageError ||
    // Bad input caught by a service (e.g. a sync concurrency out of range) carries the same code.
    (error instanceof PerkPackError && error.code === 'usage') ||
    // A selection that prints nothing: the flags must change, as for an empty export.
    (error instanceof PerkPackError &&
      (error.code === 'nothing_selected' || error.code === 'nothing_to_print')) ||
    error instanceof SignInRequired ||
    error instanceof InvalidCredentials ||
    (error instanceof ApiError &&
      (error.kind === 'auth' ||
        error.kind === 'forbidden' ||
        error.kind === 'not_found' ||
        error.kind === 'bad_request'))
  ) {
    return EXIT_USAGE
  }
  return EXIT_FAILURE
}

function errorLine(error: unknown): string {
  if (error instanceof Cancelled) return `${error.message} Nothing stored was changed.`
  if (error instanceof SignInRequired && error.message.includes('expired')) {
    return `${error.message} On the command line: set PERKPACK_PASSWORD or run \`perkpack login\`.`
  }
  // An empty selection is fixed with other flags; a selection none of which ships
  // (nothing_to_print) is told why by the pre-print checks above it.
  if (error instanceof PerkPackError && error.code === 'nothing_selected') {
    return `${error.message} Change ${SELECTION_FLAGS_TEXT}.`
  }
  if (error instanceof ApiError || error instanceof PerkPackError) return error.message
  // Anything else is a bug or an environment problem: say so without a stack trace.
  const message = error instanceof Error ? error.message : String(error)
  return `${redact(message)} (run again with --debug for details)`
}

export const UNFINISHED_TEXT =
  'perkpack stopped before the command finished (it waited for something that never answered), so what it did is not complete. Run it again; if it stops again, run it with --debug and report it.'

/**
 * Exits with the command's code once `work` settles. A command left waiting on something that
 * never answers (a file stream that failed without a word) lets Node run out of work and exit 0,
 * as if it had succeeded: a run that never settled exits 1 and says so.
 */
export function exitWhenSettled(work: Promise<number>): void {
  let settled = false
  process.once('exit', (code) => {
    if (settled || code !== 0) return
    process.stderr.write(`${UNFINISHED_TEXT}\n`)
    process.exitCode = EXIT_FAILURE
  })
  void work.then((code) => {
    settled = true
    process.exitCode = code
  })
  // `perkpack orders 1 | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
    settled = true
    process.exit(process.exitCode ?? 0)
  })
}

/** Entry point of `bin/perkpack.js`. */
export function main(): void {
  exitWhenSettled(
    run(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      env: process.env,
    }),
  )
}
