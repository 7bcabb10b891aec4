/**
 * `npm run simulator -- [options]`: the API simulator as a standalone process, for the demo,
 * manual testing with curl, and end-to-end tests that need it in another process.
 */
import type { FaultConfig } from './faults'
import { startSimulator } from './server'
import type { Simulator } from './server'
import { HELP, parseCliArgs, UsageError } from './server-cli-options'
import type { CliConfig } from './server-cli-options'

function describeFaults(f: FaultConfig): string {
  const parts: string[] = []
  if (f.latencyMs || f.jitterMs) {
    parts.push(`latency ${f.latencyMs} ms${f.jitterMs ? ` + 0..${f.jitterMs} ms` : ''}`)
  }
  if (f.errorRate) parts.push(`errors ${f.errorRate}`)
  if (f.rateLimitRate) parts.push(`429 ${f.rateLimitRate} (Retry-After ${f.retryAfterSeconds})`)
  if (f.resetRate) parts.push(`resets ${f.resetRate}`)
  if (f.truncateRate) parts.push(`truncated ${f.truncateRate}`)
  if (f.tokenExpiresAfterRequests) parts.push(`tokens die after ${f.tokenExpiresAfterRequests}`)
  if (f.insertDuringWalk) {
    const { everyRequests, count } = f.insertDuringWalk
    parts.push(`insert ${count} every ${everyRequests} listing reads`)
  }
  if (f.drift) parts.push(`drift ${f.drift}`)
  return parts.length ? `${parts.join(', ')} (seed ${f.seed})` : 'none'
}

function humanSummary(sim: Simulator): string {
  const { apiToken, email, password } = sim.credentials
  const { demo, backer, withSeveral } = sim.accounts
  const campaign = sim.campaignIds[0] ?? 1
  const example = `${sim.baseUrl}/2/campaigns/${campaign}/contributions.json?api_token=${encodeURIComponent(apiToken)}&page=1`
  return [
    'PerkPack API simulator',
    `  Base URL:   ${sim.baseUrl}`,
    `  Auth URL:   ${sim.authUrl}  (token: POST ${sim.authUrl}/oauth/token)`,
    `  API token:  ${apiToken}`,
    `  E-mail:     ${email}`,
    `  Password:   ${password}`,
    `  Campaigns:  ${sim.campaignIds.join(', ')}`,
    `  Accounts:   demo ${demo}, backer ${backer ?? '-'}, several contributions ${withSeveral.join(', ') || '-'}`,
    `  Jobs:       ${sim.jobIds.join(', ')}`,
    `  Faults:     ${describeFaults(sim.faults())}`,
    '',
    'Example:',
    `  curl '${example}'`,
    '',
    'Stop with Ctrl+C.',
  ].join('\n')
}

function jsonSummary(sim: Simulator): string {
  const { apiToken, email, password } = sim.credentials
  const { baseUrl, authUrl, campaignIds, accountIds, jobIds } = sim
  return JSON.stringify({
    baseUrl,
    authUrl,
    apiToken,
    email,
    password,
    campaignIds,
    accountIds,
    jobIds,
  })
}

function stopOnSignals(sim: Simulator): void {
  let stopping = false
  const stop = () => {
    // A second Ctrl+C while closing means "now".
    if (stopping) process.exit(0)
    stopping = true
    sim.close().then(
      () => process.exit(0),
      () => process.exit(0),
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

async function run(config: CliConfig): Promise<void> {
  const sim = await startSimulator(config.options)
  stopOnSignals(sim)
  process.stdout.write(`${config.printJson ? jsonSummary(sim) : humanSummary(sim)}\n`)
}

function fail(message: string, code: number): never {
  process.stderr.write(`simulator: ${message}\n`)
  process.exit(code)
}

function main(argv: readonly string[]): void {
  let config: CliConfig
  try {
    config = parseCliArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) fail(error.message, 2)
    throw error
  }
  if (config.help) {
    process.stdout.write(HELP)
    return
  }
  run(config).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code
    if (code === 'EADDRINUSE') fail(`port ${config.options.port} is already in use`, 1)
    fail(error instanceof Error ? error.message : String(error), 1)
  })
}

main(process.argv.slice(2))
