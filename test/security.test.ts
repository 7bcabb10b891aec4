import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import {
  classifyFindings,
  matchesGlob,
  normaliseIssue,
  validateAllowlist,
} from '../scripts/electronegativity-filter.mjs'
import type { Allowlist, Finding } from '../scripts/electronegativity-filter.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function finding(overrides: Partial<Finding>): Finding {
  return {
    scan: 'build',
    id: 'OPEN_EXTERNAL_JS_CHECK',
    severity: 'MEDIUM',
    confidence: 'TENTATIVE',
    file: 'out/main/index.js',
    line: 1,
    column: 0,
    description: '',
    url: '',
    manualReview: true,
    ...overrides,
  }
}

const reason = 'Only https URLs whose host is on the allow-list reach shell.openExternal.'

describe('electronegativity allow-list', () => {
  const allowlist = JSON.parse(
    readFileSync(join(root, 'electronegativity-allowlist.json'), 'utf8'),
  ) as Allowlist

  it('is well-formed: every entry names a check, a file and explains itself', () => {
    expect(validateAllowlist(allowlist)).toEqual([])
    for (const entry of allowlist.entries) {
      expect(entry.check).toMatch(/^[A-Z][A-Z0-9_]*_CHECK$/)
      expect(entry.file.length).toBeGreaterThan(0)
      expect(entry.reason.trim().length).toBeGreaterThanOrEqual(40)
    }
  })

  it('rejects entries without a real reason, with a bad check id, or with unknown keys', () => {
    expect(validateAllowlist([])).toHaveLength(1)
    expect(validateAllowlist({ entries: [{ check: 'CSP_GLOBAL_CHECK', file: 'N/A' }] })).toEqual([
      expect.stringContaining('"reason"'),
    ])
    expect(
      validateAllowlist({ entries: [{ check: 'CSP_GLOBAL_CHECK', file: 'N/A', reason: 'TODO' }] }),
    ).toHaveLength(1)
    expect(
      validateAllowlist({
        entries: [{ check: 'CSP_GLOBAL_CHECK', file: 'N/A', reason: 'x'.repeat(60) }],
      }),
    ).toHaveLength(1) // long, but not a sentence
    expect(
      validateAllowlist({ entries: [{ check: 'open external', file: 'out/**', reason }] }),
    ).toEqual([expect.stringContaining('"check"')])
    expect(
      validateAllowlist({ entries: [{ check: 'X_CHECK', file: '', reason, line: 3 }] }),
    ).toEqual([expect.stringContaining('"file"'), expect.stringContaining('"line"')])
    expect(validateAllowlist({ entries: [{ check: 'X_CHECK', file: 'out/**', reason }] })).toEqual(
      [],
    )
  })
})

describe('severity filter', () => {
  const allowlist: Allowlist = {
    entries: [
      { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'out/main/**', reason },
      { check: 'PRELOAD_JS_CHECK', file: 'src/main/index.ts', reason },
      { check: 'NEVER_SEEN_CHECK', file: 'N/A', reason },
    ],
  }

  it('blocks HIGH and MEDIUM findings that no entry explains, whatever their confidence', () => {
    const findings = [
      finding({ id: 'CONTEXT_ISOLATION_JS_CHECK', severity: 'HIGH', confidence: 'FIRM' }),
      finding({ id: 'LIMIT_NAVIGATION_GLOBAL_CHECK', severity: 'HIGH', file: 'N/A' }),
      finding({ id: 'SANDBOX_JS_CHECK', severity: 'MEDIUM', confidence: 'TENTATIVE' }),
    ]
    const result = classifyFindings(findings, allowlist)
    expect(result.blocking).toEqual(findings)
    expect(result.allowed).toEqual([])
  })

  it('lets through what the allow-list explains, for the listed check and file only', () => {
    const allowed = finding({ file: 'out/main/chunks/window.js' })
    const otherFile = finding({ file: 'out/preload/index.js' })
    const otherCheck = finding({ id: 'PRELOAD_JS_CHECK', file: 'src/main/window.ts' })
    const result = classifyFindings([allowed, otherFile, otherCheck], allowlist)
    expect(result.allowed).toEqual([{ finding: allowed, entry: allowlist.entries[0] }])
    expect(result.blocking).toEqual([otherFile, otherCheck])
  })

  it('explains no more findings than an entry counts: a new call site needs its own review', () => {
    const counted: Allowlist = {
      entries: [{ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'out/main/**', reason, count: 2 }],
    }
    const sites = [10, 20, 30].map((line) => finding({ line }))
    const result = classifyFindings(sites, counted)
    expect(result.allowed.map((item) => item.finding)).toEqual(sites.slice(0, 2))
    expect(result.blocking).toEqual([sites[2]])
    expect(result.overCount).toEqual([{ finding: sites[2], entry: counted.entries[0] }])
    expect(validateAllowlist({ entries: [{ ...counted.entries[0], count: 0 }] })).toEqual([
      expect.stringContaining('"count"'),
    ])
  })

  it('reports LOW and INFORMATIONAL findings without blocking, and lists stale entries', () => {
    const low = finding({
      id: 'CSP_GLOBAL_CHECK',
      severity: 'LOW',
      file: 'out/renderer/index.html',
    })
    const info = finding({ id: 'ELECTRON_VERSION_JSON_CHECK', severity: 'INFORMATIONAL' })
    const result = classifyFindings([low, info], allowlist)
    expect(result.blocking).toEqual([])
    expect(result.reported).toEqual([low, info])
    expect(result.unusedEntries.map((entry) => entry.check)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK',
      'PRELOAD_JS_CHECK',
      'NEVER_SEEN_CHECK',
    ])
  })

  it('reads electronegativity issue objects, treating an unknown severity as HIGH', () => {
    const issue = {
      id: 'WEB_SECURITY_JS_CHECK',
      file: 'src\\main\\index.ts',
      location: { line: 12, column: 4 },
      severity: { name: 'MEDIUM', value: 2 },
      confidence: { name: 'FIRM', value: 1 },
      description: 'Do not use disablewebsecurity',
      shortenedURL: 'https://git.io/JeuMn',
      manualReview: false,
    }
    expect(normaliseIssue(issue, 'source')).toEqual({
      scan: 'source',
      id: 'WEB_SECURITY_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'FIRM',
      file: 'src/main/index.ts',
      line: 12,
      column: 4,
      description: 'Do not use disablewebsecurity',
      url: 'https://git.io/JeuMn',
      manualReview: false,
    })
    expect(normaliseIssue({ ...issue, severity: { name: 'CRITICAL' } }, 'build').severity).toBe(
      'HIGH',
    )
  })

  it('matches files with globs', () => {
    expect(matchesGlob('out/main/index.js', 'out/main/**')).toBe(true)
    expect(matchesGlob('out/main/chunks/a.js', 'out/**/*.js')).toBe(true)
    expect(matchesGlob('out/main/index.js', 'out/*.js')).toBe(false)
    expect(matchesGlob('src/preload/index.ts', 'src/{main,preload}/index.ts')).toBe(true)
    expect(matchesGlob('N/A', 'N/A')).toBe(true)
    expect(matchesGlob('outXmain/index.js', 'out.main/index.js')).toBe(false)
  })
})

describe('npm run security on an insecure app', () => {
  const project = mkdtempSync(join(tmpdir(), 'perkpack-insecure-'))
  afterAll(() => rmSync(project, { recursive: true, force: true }))

  function write(path: string, text: string) {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), text)
  }

  it('fails, naming the build-output and the source findings', () => {
    const options = '{ webPreferences: { contextIsolation: false, sandbox: false } }'
    write('package.json', JSON.stringify({ name: 'insecure', main: 'out/main/index.js' }))
    write('electronegativity-allowlist.json', JSON.stringify({ entries: [] }))
    // What a bundler makes of it: the window checks do not see `new electron.BrowserWindow`.
    write(
      'out/main/index.js',
      `const electron = require('electron')\nnew electron.BrowserWindow(${options})\n`,
    )
    write('out/preload/index.js', '')
    write('out/renderer/index.html', '<!doctype html><html><body></body></html>\n')
    write(
      'src/main/index.ts',
      `import { BrowserWindow } from 'electron'\nnew BrowserWindow(${options})\n`,
    )

    const result = spawnSync(
      process.execPath,
      [join(root, 'scripts/electronegativity.mjs'), '--project', project],
      { encoding: 'utf8', timeout: 60_000 },
    )
    expect(result.stderr).toBe('')
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('CONTEXT_ISOLATION_JS_CHECK  src/main/index.ts:2:')
    expect(result.stdout).toContain('SANDBOX_JS_CHECK')
    expect(result.stdout).toContain('LIMIT_NAVIGATION_GLOBAL_CHECK  project-wide')
    expect(result.stdout).toContain('PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK')
    expect(result.stdout).toContain('CSP_GLOBAL_CHECK')
    expect(result.stdout).not.toContain('translations')
  }, 60_000)
})
