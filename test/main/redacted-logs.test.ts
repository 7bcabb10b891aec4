import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The main process writes its log to stderr; lint/redacted-logs.mjs keeps every console line of
// src/main going through redact() or describeError(), so an error quoting a token, a URL with
// one or the team password cannot reach the log raw (src/main/index.ts's start-up error did).

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') })
})

async function reported(filePath: string, line: string): Promise<number> {
  const code = `import { describeError, redact } from './services/redact'\ndeclare const error: unknown\ndeclare const line: string\n${line}\nexport { describeError, redact }\n`
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'perkpack/redacted-logs').length
}

describe('lint rule: redacted logs in the main process', () => {
  it('reports a raw error, String(error) or a variable in any console call of src/main', async () => {
    for (const file of ['src/main/index.ts', 'src/main/core/x.ts', 'src/main/team/y.ts']) {
      expect(await reported(file, 'console.error(error)'), file).toBe(1)
      expect(await reported(file, 'console.error(`perkpack: ${String(error)}`)'), file).toBe(1)
      expect(await reported(file, 'console.warn("perkpack:", line)'), file).toBe(1)
      expect(await reported(file, 'console.log(`a ${redact(line)} b ${line}`)'), file).toBe(1)
    }
  }, 60_000)

  it('takes literals and what redact() or describeError() returned', async () => {
    for (const line of [
      "console.error('perkpack: ELECTRON_RENDERER_URL is ignored.')",
      'console.error(`perkpack: ${redact(line)}`)',
      'console.error(describeError(error))',
      'console.error(`perkpack: ${describeError(error, true)}`, redact(line))',
    ])
      expect(await reported('src/main/index.ts', line), line).toBe(0)
  }, 60_000)
})
