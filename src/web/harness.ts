import { ensureRendererBuilt } from './renderer-build'
import { startHarness } from './server'

/**
 * `npm run web -- [--port N] [--demo] [--build]`: the app in a browser, without Electron.
 * The first stdout line is the URL (tests and scripts read it); everything else goes to stderr.
 */

const USAGE = `Usage: npm run web -- [--port N] [--demo] [--build]

  --port N   listen on 127.0.0.1:N (default 4020; 0 picks a free port)
  --demo     start the bundled simulator and sign in to it
  --build    rebuild the renderer first (otherwise only when out/renderer is missing)

Honours PERKPACK_BASE_URL, PERKPACK_AUTH_URL, PERKPACK_DATA_DIR, PERKPACK_SECRET_STORE,
PERKPACK_EXPORT_DIR and PERKPACK_IMPORT_DIR (where the harness's open dialog picks the newest file).

The first line printed is the URL to open, http://127.0.0.1:PORT/?token=...: the token lets that
browser in (it becomes a cookie) and is good for this run only; do not share it.`

interface Flags {
  port: number
  demo: boolean
  build: boolean
}

function parse(argv: readonly string[]): Flags {
  const flags: Flags = { port: 4020, demo: false, build: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [name, inline] = arg.split('=', 2) as [string, string | undefined]
    if (name === '--port') {
      const value = inline ?? argv[++i]
      const port = Number(value)
      if (!value || !Number.isInteger(port) || port < 0 || port > 65535) {
        throw new Error(`--port needs a whole number from 0 to 65535 (got ${value ?? 'nothing'}).`)
      }
      flags.port = port
    } else if (arg === '--demo') flags.demo = true
    else if (arg === '--build') flags.build = true
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`)
      process.exit(0)
    } else throw new Error(`Unknown option ${arg}. Run npm run web -- --help.`)
  }
  return flags
}

async function main(): Promise<void> {
  let flags: Flags
  try {
    flags = parse(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`perkpack web: ${(error as Error).message}\n`)
    process.exit(2)
  }
  ensureRendererBuilt({ force: flags.build })
  const harness = await startHarness({ port: flags.port, demo: flags.demo })
  process.stdout.write(`PerkPack web harness: ${harness.openUrl}\n`)
  if (harness.demo) {
    process.stdout.write(
      `Demo signed in: campaigns ${harness.demo.campaignIds.join(', ')}; ` +
        `batch jobs ${harness.demo.jobIds.join(', ')}\n`,
    )
  }
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void harness.close().finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`perkpack web: ${message}\n`)
  process.exit((error as { code?: string }).code === 'EADDRINUSE' ? 1 : 2)
})
