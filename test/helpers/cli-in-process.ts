import { PassThrough } from 'node:stream'
import { run } from '../../src/cli/main'
import type { CliEnv } from './cli'
import { cleanEnv } from './cli'

export interface InProcessResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * `perkpack` run in this process (no child, no build): for the offline commands, whose cost
 * would otherwise be mostly Node starting. Exit codes and output are the command's own.
 */
export async function perkpackHere(
  args: string[],
  env: CliEnv,
  /** Standard input, ended after it (none: an input that never ends, like a quiet terminal). */
  input?: string,
): Promise<InProcessResult> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: Buffer[] = []
  const err: Buffer[] = []
  stdout.on('data', (chunk: Buffer) => out.push(chunk))
  stderr.on('data', (chunk: Buffer) => err.push(chunk))
  const stdin = new PassThrough()
  if (input !== undefined) stdin.end(input)
  const code = await run(args, {
    stdout,
    stderr,
    stdin,
    env: cleanEnv(env),
  })
  return {
    code,
    stdout: Buffer.concat(out).toString('utf8'),
    stderr: Buffer.concat(err).toString('utf8'),
  }
}
