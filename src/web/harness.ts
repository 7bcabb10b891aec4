import { parseHarnessArgs, USAGE } from './harness-options'
import type { HarnessFlags } from './harness-options'
import { ensureRendererBuilt } from './renderer-build'
import { startHarness } from './server'

/**
 * `npm run web -- [--port N] [--demo] [--profile] [--build]`: the app in a browser, without
 * Electron, for development and tests. The first stdout line is the URL to open, with the run's
 * token (tests and scripts read it); everything else goes to stderr.
 */

async function main(): Promise<void> {
  let flags: HarnessFlags
  try {
    flags = parseHarnessArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`perkpack web: ${(error as Error).message}\n`)
    process.exit(2)
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  ensureRendererBuilt({ force: flags.build })
  const harness = await startHarness({
    ...(flags.port !== undefined ? { port: flags.port } : {}),
    demo: flags.demo,
    profile: flags.profile,
  })
  process.stdout.write(`PerkPack web harness: ${harness.openUrl}\n`)
  if (harness.demo) {
    process.stdout.write(
      `Demo signed in: campaigns ${harness.demo.campaignIds.join(', ')}; ` +
        `batch jobs ${harness.demo.jobIds.join(', ')}\n`,
    )
  }
  process.stderr.write(
    harness.temporaryDataDir
      ? `perkpack web: data in a temporary folder, removed when the harness stops: ${harness.dataDir} (--profile uses the app's own)\n`
      : `perkpack web: data in ${harness.dataDir}\n`,
  )
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
