import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { UsageError } from '../main/core/system/perkpack-errors'

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  env: NodeJS.ProcessEnv
}

export function canPrompt(io: CliIo): boolean {
  return Boolean(io.stdin.isTTY && io.stderr.isTTY)
}

/** Asks on the terminal; `secret` hides what is typed (passwords, tokens). */
export async function prompt(io: CliIo, question: string, secret = false): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) io.stderr.write(chunk)
      done()
    },
  })
  const rl = createInterface({ input: io.stdin, output, terminal: true })
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.question(question, (answer) => resolve(answer.trim()))
      rl.on('close', () => reject(new Error('No answer given.')))
      muted = secret
    })
  } finally {
    if (secret) io.stderr.write('\n')
    rl.close()
  }
}

/**
 * `--password-stdin`: the first line of standard input, without its line break (spaces are
 * the password's own). Empty input is a usage error naming how to pipe one.
 */
export async function readPasswordLine(stdin: CliIo['stdin']): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
    if ((chunk as Buffer).includes(10)) break
  }
  const password = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
  if (password === '') {
    throw new UsageError(
      'No password on standard input. Pipe it in, e.g. `pass show perkpack | perkpack login --password-stdin`.',
    )
  }
  return password
}

/** One line redrawn in place on a terminal; silent elsewhere so logs stay clean. */
export class ProgressLine {
  private lastWidth = 0
  constructor(private readonly stream: CliIo['stderr']) {}

  get enabled(): boolean {
    return Boolean(this.stream.isTTY)
  }

  draw(text: string): void {
    if (!this.enabled) return
    const width = this.stream.columns ?? 100
    const line = text.length > width - 1 ? text.slice(0, width - 1) : text
    this.stream.write(`\r${line}${' '.repeat(Math.max(0, this.lastWidth - line.length))}`)
    this.lastWidth = line.length
  }

  done(): void {
    if (this.enabled && this.lastWidth > 0) this.stream.write('\n')
    this.lastWidth = 0
  }
}

export function bar(done: number, total: number, width = 24): string {
  const share = total > 0 ? Math.min(1, done / total) : 0
  const filled = Math.round(share * width)
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  return `${m} min ${s % 60} s`
}

/** Plain text table: widths from the content, long cells cut with an ellipsis. */
export function table(headers: string[], rows: string[][], maxCell = 40): string {
  const cut = (v: string) => (v.length > maxCell ? `${v.slice(0, maxCell - 1)}…` : v)
  const cells = [headers, ...rows].map((r) => r.map(cut))
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  return cells
    .map((r) =>
      r
        .map((v, i) => v.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** `--json` output: indented, one trailing newline. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}
