/** The options of `npm run web`, apart from harness.ts so a test can read them without starting it. */

export const USAGE = `Usage: npm run web -- [--port N] [--demo] [--profile] [--build]

A development and test tool: the PerkPack interface in a browser, without Electron. It is not
the app; people who ship use the desktop app.

  --port N   listen on 127.0.0.1:N (default: a free port the system picks)
  --demo     start the bundled simulator and sign in to it
  --profile  use the app's own data folder (settings, offline copies, exports) and the OS keychain,
             i.e. the account of the desktop app and the perkpack command; without it the run
             uses a temporary data folder, removed when the harness stops, and keeps tokens in
             memory
  --build    rebuild the renderer first (otherwise only when out/renderer is missing)

The first line printed is the URL to open, http://127.0.0.1:PORT/?token=...: the token lets that
browser in (it becomes a cookie) and is good for this run only; do not share it.

Honours PERKPACK_BASE_URL, PERKPACK_AUTH_URL (default: the production API), PERKPACK_DATA_DIR
(a data folder of your choosing, kept), PERKPACK_SECRET_STORE=memory (with --profile),
PERKPACK_EXPORT_DIR and PERKPACK_IMPORT_DIR (where the harness's open dialog picks the newest file).`

export interface HarnessFlags {
  /** Undefined: a free port the system picks. */
  port: number | undefined
  demo: boolean
  profile: boolean
  build: boolean
  help: boolean
}

export function parseHarnessArgs(argv: readonly string[]): HarnessFlags {
  const flags: HarnessFlags = {
    port: undefined,
    demo: false,
    profile: false,
    build: false,
    help: false,
  }
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
    else if (arg === '--profile') flags.profile = true
    else if (arg === '--build') flags.build = true
    else if (arg === '--help' || arg === '-h') flags.help = true
    else throw new Error(`Unknown option ${arg}. Run npm run web -- --help.`)
  }
  return flags
}
