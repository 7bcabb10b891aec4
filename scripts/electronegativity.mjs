#!/usr/bin/env node
// `npm run security`: runs @doyensec/electronegativity on what the app ships and fails when a
// finding of HIGH or MEDIUM severity is not explained by electronegativity-allowlist.json.
//
// Two scans, one report:
// - build: out/ (bundled main, preload, renderer and its index.html with the CSP) plus package.json,
//   every check except the one that downloads Electron's release list (see --online);
// - source: src/main, src/preload, src/shared with only the BrowserWindow/BrowserView option checks.
//   In the bundle `new BrowserWindow(...)` becomes `new electron.BrowserWindow(...)`, and those
//   checks only recognise the bare name, so on out/ alone they would silently check nothing.
//
// It uses electronegativity's programmatic API (its CLI needs a commander it does not declare) and
// never touches the network: translations come from the package itself, not from its S3 bucket.
//
// Usage: node scripts/electronegativity.mjs [--online] [--project DIR]
//   --online       also run AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK, which fetches Electron's releases
//                  from GitHub to tell whether a newer patch release carries security fixes.
//   --project DIR  scan another tree laid out like this one (the tests use it on an insecure app).

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Module, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  classifyFindings,
  entryMatches,
  normaliseIssue,
  validateAllowlist,
} from './electronegativity-filter.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const ALLOWLIST = 'electronegativity-allowlist.json'
const args = process.argv.slice(2)
const online = args.includes('--online')
const projectIndex = args.indexOf('--project')
const project = projectIndex >= 0 ? resolve(args[projectIndex + 1] ?? '.') : root

// The checks that read a BrowserWindow/BrowserView constructor's options (webPreferences).
const WINDOW_CHECKS = [
  'AffinityJSCheck',
  'AuxclickJSCheck',
  'BlinkFeaturesJSCheck',
  'ContextIsolationJSCheck',
  'ExperimentalFeaturesJSCheck',
  'InsecureContentJSCheck',
  'NodeIntegrationJSCheck',
  'PreloadJSCheck',
  'RemoteModuleJSCheck',
  'SandboxJSCheck',
  'WebSecurityJSCheck',
]

/**
 * electronegativity's i18n step downloads "updated translations" from S3 before every run (up to a
 * few seconds offline, or a hang behind a silent firewall). Pre-load that module with one that
 * configures the same i18n library on the English strings shipped in the package.
 */
function useBundledTranslations() {
  const packageDir = dirname(require.resolve('@doyensec/electronegativity/package.json'))
  const modulePath = join(packageDir, 'dist', 'locales', 'i18n.js')
  const strings = join(packageDir, 'dist', 'locales', 'en-US.json')
  if (!existsSync(modulePath) || !existsSync(strings))
    throw new Error(`electronegativity's layout changed: ${modulePath} or en-US.json is missing`)
  const i18n = createRequire(modulePath)('i18n')
  const stub = new Module(modulePath)
  stub.filename = modulePath
  stub.loaded = true
  stub.exports = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(modulePath),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: global,
    })
    i18n.setLocale('en-US')
  }
  require.cache[modulePath] = stub
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
}

function count(files, pattern) {
  return files.reduce(
    (total, file) => total + (readFileSync(file, 'utf8').match(pattern) ?? []).length,
    0,
  )
}

function stage(paths, filter) {
  const dir = mkdtempSync(join(tmpdir(), 'perkpack-electronegativity-'))
  for (const path of paths)
    if (existsSync(join(project, path)))
      cpSync(join(project, path), join(dir, path), {
        recursive: true,
        filter: (src) => filter(src),
      })
  return dir
}

async function scan(run, name, input, options) {
  const result = await run(
    {
      input,
      isRelative: true,
      customScan: (options.checks ?? []).map((check) => check.toLowerCase()),
      excludeFromScan: (options.exclude ?? []).map((check) => check.toLowerCase()),
      electronVersionOverride: options.electronVersion,
      parserPlugins: [],
    },
    false,
  )
  return {
    name,
    checks: result.globalChecks + result.atomicChecks,
    findings: result.issues.map((issue) => normaliseIssue(issue, name)),
    errors: result.errors.map((error) => ({
      ...error,
      file: relative(input, error.file).replaceAll('\\', '/'),
    })),
  }
}

function location(finding) {
  return finding.file === 'N/A'
    ? 'project-wide'
    : `${finding.file}:${finding.line}:${finding.column}`
}

function describe(finding) {
  const review = finding.manualReview ? ', review required' : ''
  return (
    `  ${finding.severity}/${finding.confidence}  ${finding.id}  ${location(finding)}  ` +
    `[${finding.scan}${review}]\n      ${finding.description} ${finding.url}`.trimEnd()
  )
}

async function main() {
  const built = ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html']
  const missing = built.filter((file) => !existsSync(join(project, file)))
  if (missing.length > 0) {
    console.error(`security: ${missing.join(', ')} missing; run \`npm run build\` first.`)
    return 2
  }

  const allowlist = JSON.parse(readFileSync(join(project, ALLOWLIST), 'utf8'))
  const allowlistErrors = validateAllowlist(allowlist)
  if (allowlistErrors.length > 0) {
    console.error(`security: ${ALLOWLIST} is malformed:\n  ${allowlistErrors.join('\n  ')}`)
    return 1
  }

  useBundledTranslations()
  const run = require('@doyensec/electronegativity')
  const { version } = require('@doyensec/electronegativity/package.json')
  const electronVersion = require('electron/package.json').version

  const buildDir = stage(['out', 'package.json'], (src) => !src.endsWith('.map'))
  const sourceDir = stage(
    ['src/main', 'src/preload', 'src/shared'],
    (src) => !/\.(test|spec)\.[cm]?[jt]sx?$/.test(src) && !src.includes('__tests__'),
  )
  let scans
  try {
    // Every window the bundle creates must be visible to the window checks in the sources.
    const windows = /\bnew\s+(?:[\w$]+\.)*Browser(?:Window|View)\s*\(/g
    const bareWindows = /\bnew\s+Browser(?:Window|View)\s*\(/g
    const bundled = count(filesUnder(join(buildDir, 'out', 'main')), windows)
    const visible = count(filesUnder(sourceDir), bareWindows)
    if (visible < bundled) {
      console.error(
        `security: out/main creates ${bundled} BrowserWindow/BrowserView but src/ shows only ` +
          `${visible} as \`new BrowserWindow(...)\`; the window checks only see that form ` +
          `(import { BrowserWindow } from 'electron', no alias).`,
      )
      return 1
    }

    scans = [
      await scan(run, 'build', buildDir, {
        exclude: online ? [] : ['AvailableSecurityFixesGlobalCheck'],
        electronVersion,
      }),
      await scan(run, 'source', sourceDir, { checks: WINDOW_CHECKS, electronVersion }),
    ]
  } finally {
    rmSync(buildDir, { recursive: true, force: true })
    rmSync(sourceDir, { recursive: true, force: true })
  }

  const findings = scans.flatMap((result) => result.findings)
  const { blocking, allowed, reported, overCount, unusedEntries } = classifyFindings(
    findings,
    allowlist,
  )
  const parseErrors = scans.flatMap((result) =>
    result.errors.map((error) => ({ ...error, scan: result.name })),
  )

  console.log(
    `electronegativity ${version} on Electron ${electronVersion}` +
      (online ? '' : ' (offline: Electron release check skipped, use --online)'),
  )
  console.log(`  build:  out/ + package.json, ${scans[0].checks} checks`)
  console.log(`  source: src/{main,preload,shared}, ${scans[1].checks} window checks`)

  for (const error of parseErrors)
    console.log(
      `${error.tolerable ? 'warning' : 'ERROR'}: [${error.scan}] ${error.file}: ${error.message}`,
    )
  if (blocking.length > 0) {
    console.log(`\nBlocking: HIGH/MEDIUM findings not explained in ${ALLOWLIST}`)
    for (const finding of blocking) console.log(describe(finding))
    for (const entry of new Set(overCount.map((item) => item.entry))) {
      const seen = findings.filter((finding) => entryMatches(entry, finding)).length
      console.log(
        `  (${entry.check} in ${entry.file}: ${entry.count} reviewed, ${seen} found; ` +
          'review the new one, then update the entry)',
      )
    }
  }
  if (allowed.length > 0) {
    console.log(`\nAllowed by ${ALLOWLIST} (reviewed)`)
    for (const entry of new Set(allowed.map((item) => item.entry))) {
      for (const item of allowed) if (item.entry === entry) console.log(describe(item.finding))
      console.log(`      why not a risk: ${entry.reason}`)
    }
  }
  if (reported.length > 0) {
    console.log('\nReported, not blocking (LOW/INFORMATIONAL)')
    for (const finding of reported) console.log(describe(finding))
  }
  for (const entry of unusedEntries)
    console.log(`\nwarning: allow-list entry ${entry.check} ${entry.file} matched nothing (stale?)`)

  const fatalErrors = parseErrors.filter((error) => !error.tolerable)
  console.log(
    `\n${blocking.length} blocking, ${allowed.length} allowed, ${reported.length} low/informational` +
      (fatalErrors.length > 0 ? `, ${fatalErrors.length} file(s) could not be parsed` : ''),
  )
  if (fatalErrors.length > 0) console.log('A file electronegativity cannot parse is not checked.')
  return blocking.length > 0 || fatalErrors.length > 0 ? 1 : 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    console.error(error)
    process.exitCode = 1
  },
)
