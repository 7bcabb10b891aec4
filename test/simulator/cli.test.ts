import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { campaignContributionsPageSchema } from '../../src/shared/api'
import { parseCliArgs, UsageError } from '../../src/simulator/server-cli-options'

const root = resolve(__dirname, '../..')

/**
 * `node --import tsx src/simulator/cli.ts`, what `npm run simulator` runs, minus the npm wrapper:
 * npm exec does not forward SIGTERM to its child (the simulator would be orphaned with its port
 * open) and reports 143 itself, so its exit code says nothing about the simulator's. Not the
 * `tsx` command: it runs the script in a second process and relays a signal to it, giving the
 * child 30 ms to answer before it exits 130 itself, which a loaded machine misses.
 */
const children: ChildProcessWithoutNullStreams[] = []

function spawnCli(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/cli.ts', ...args], {
    cwd: root,
  })
  children.push(child)
  return child
}

// A failed assertion must not leave a simulator running.
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
})

function collect(child: ChildProcessWithoutNullStreams) {
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()))
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  return { out, exit }
}

function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((done, fail) => {
    let buffer = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const end = buffer.indexOf('\n')
      if (end >= 0) done(buffer.slice(0, end))
    })
    child.on('exit', (code) => fail(new Error(`exited with ${code} before printing`)))
  })
}

describe('simulator CLI process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line, serves requests and exits 0 on %s',
    async (signal) => {
      const child = spawnCli(['--port', '0', '--print-json', '--contributions', '50'])
      const { out, exit } = collect(child)
      const line = await firstLine(child)
      const info = JSON.parse(line) as Record<string, unknown>
      expect(Object.keys(info).sort()).toEqual(
        [
          'accountIds',
          'apiToken',
          'authUrl',
          'baseUrl',
          'campaignIds',
          'email',
          'jobIds',
          'password',
        ].sort(),
      )
      const campaignIds = info.campaignIds as number[]
      const res = await fetch(
        `${String(info.baseUrl)}/2/campaigns/${campaignIds[0]}/contributions.json?api_token=${String(info.apiToken)}`,
      )
      const page = campaignContributionsPageSchema.parse(await res.json())
      expect(page.pagination.count).toBe(50)
      child.kill(signal)
      expect(await exit).toBe(0)
      expect(out.stdout.trim().split('\n')).toHaveLength(1)
      expect(out.stderr).toBe('')
      await expect(fetch(String(info.baseUrl))).rejects.toThrow()
    },
  )

  it('prints human lines with URLs, credentials, ids and a curl example by default', async () => {
    const child = spawnCli(['--port', '0', '--contributions', '5', '--latency-ms', '5'])
    const { out, exit } = collect(child)
    while (!out.stdout.includes('Stop with')) {
      expect(child.exitCode).toBeNull()
      await new Promise((done) => setTimeout(done, 50))
    }
    for (const label of ['Base URL:', 'Auth URL:', 'API token:', 'E-mail:', 'Password:']) {
      expect(out.stdout).toContain(label)
    }
    expect(out.stdout).toMatch(/Campaigns: +\d+/)
    expect(out.stdout).toMatch(/Jobs: +\d+/)
    expect(out.stdout).toContain('latency 5 ms')
    const curl = /curl '([^']+)'/.exec(out.stdout)?.[1] ?? ''
    expect((await fetch(curl)).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
  })

  it('exits 2 with a one-line message naming a bad option', async () => {
    const { out, exit } = collect(spawnCli(['--port', 'abc']))
    expect(await exit).toBe(2)
    expect(out.stderr.trim().split('\n')).toHaveLength(1)
    expect(out.stderr).toContain('--port')
    expect(out.stderr).not.toMatch(/\bat .*\.ts:\d+/)
    expect(out.stdout).toBe('')
  })
})

describe('command-line parsing', () => {
  it('applies the defaults', () => {
    const config = parseCliArgs([])
    expect(config).toMatchObject({
      help: false,
      printJson: false,
      options: { port: 4010, contributions: 5000, seed: 1 },
    })
  })

  it('maps every fault option', () => {
    const { options } = parseCliArgs(
      [
        '--latency-ms=25',
        '--jitter-ms=5',
        '--error-rate=0.1',
        '--rate-limit-rate=0.2',
        '--retry-after=3',
        '--reset-rate=0.05',
        '--truncate-rate=0.05',
        '--token-expires-after=10',
        '--insert-every=4',
        '--insert-count=2',
        '--seed=9',
        '--token-ttl-seconds=60',
        '--api-token=tok',
      ].flatMap((arg) => arg.split('=')),
    )
    expect(options.faults).toMatchObject({
      latencyMs: 25,
      jitterMs: 5,
      errorRate: 0.1,
      rateLimitRate: 0.2,
      retryAfterSeconds: 3,
      resetRate: 0.05,
      truncateRate: 0.05,
      tokenExpiresAfterRequests: 10,
      insertDuringWalk: { everyRequests: 4, count: 2 },
      seed: 9,
    })
    expect(options).toMatchObject({ seed: 9, tokenTtlSeconds: 60, apiToken: 'tok' })
  })

  it.each([
    [['--port', '70000'], '--port'],
    [['--contributions', '-3'], '--contributions'],
    [['--error-rate', '2'], '--error-rate'],
    [['--error-rate', '0.6', '--reset-rate', '0.6'], 'add up'],
    [['--insert-count', '3'], '--insert-every'],
    [['--latency-ms', 'soon'], '--latency-ms'],
    [['--bogus'], '--bogus'],
    [['stray'], 'stray'],
    [['--port'], '--port'],
    [['--email', ''], '--email'],
  ])('rejects %j', (args, fragment) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError)
    expect(() => parseCliArgs(args)).toThrow(fragment)
  })
})
