import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { PerkPackError } from '../perkpack-errors'

/**
 * Finding a Chromium-based browser for printing outside Electron (the command line): the app
 * prints with its own Chromium; a CLI without Electron drives an installed Chrome, Chromium or
 * Edge headless. PERKPACK_BROWSER names one explicitly; otherwise the usual install places are
 * tried, in the order below.
 */

export const BROWSER_ENV = 'PERKPACK_BROWSER'

export const NO_BROWSER_MESSAGE =
  'Making a PDF from the command line needs Google Chrome, Chromium or Microsoft Edge, and none ' +
  `was found where they are usually installed. Install one, or set ${BROWSER_ENV} to the browser's ` +
  'program file (for example /usr/bin/chromium, or C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe).'

function windowsCandidates(env: NodeJS.ProcessEnv): string[] {
  const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
    (root): root is string => typeof root === 'string' && root !== '',
  )
  const programs = [
    ['Google', 'Chrome', 'Application', 'chrome.exe'],
    ['Microsoft', 'Edge', 'Application', 'msedge.exe'],
    ['Chromium', 'Application', 'chrome.exe'],
  ]
  return roots.flatMap((root) => programs.map((parts) => join(root, ...parts)))
}

function macCandidates(home: string): string[] {
  const apps = [
    'Google Chrome.app/Contents/MacOS/Google Chrome',
    'Chromium.app/Contents/MacOS/Chromium',
    'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
  ]
  return ['/Applications', join(home, 'Applications')].flatMap((dir) =>
    apps.map((app) => join(dir, app)),
  )
}

const LINUX_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/usr/bin/microsoft-edge-stable',
  '/usr/bin/microsoft-edge',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
]

/** Where a browser is looked for on `platform`, first match wins. */
export function browserCandidates(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string[] {
  if (platform === 'win32') return windowsCandidates(env)
  if (platform === 'darwin') return macCandidates(home)
  return LINUX_CANDIDATES
}

/**
 * The browser to print with. A PERKPACK_BROWSER that names no file is an error of its own (a
 * typo should not silently pick another browser); no browser at all is `browser_missing`.
 */
export function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
): string {
  const explicit = env[BROWSER_ENV]?.trim()
  if (explicit) {
    if (exists(explicit)) return explicit
    throw new PerkPackError(
      'browser_missing',
      `${BROWSER_ENV} is set to "${explicit}", but there is no such file. Set it to the program file of Chrome, Chromium or Edge, or unset it to let PerkPack look in the usual places.`,
    )
  }
  const found = browserCandidates(platform, env).find((path) => exists(path))
  if (found === undefined) throw new PerkPackError('browser_missing', NO_BROWSER_MESSAGE)
  return found
}
