import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, extname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Desktop } from '../main/exports/desktop-port'
import { PerkPackError } from '../main/services/perkpack-errors'

export const PRINT_UNAVAILABLE_MESSAGE =
  'Printing from the browser: use Save as PDF, or the desktop app.'

/** Flags of a quiet, offline headless Chromium (no updates, sync or first-run pages). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  // Without it headless Chromium prints the date, the title and the file URL on every page.
  '--no-pdf-header-footer',
]

export interface HarnessDesktopOptions {
  /** Where "save" dialogs save: PERKPACK_EXPORT_DIR, else `<dataDir>/exports`. */
  exportDir: string
  /**
   * The export folder is the harness's own (`<dataDir>/exports`): sign-out deletes it with
   * the packing lists and labels in it. A folder named in PERKPACK_EXPORT_DIR is the user's.
   */
  ownsExportDir?: boolean
  /** Where "open" dialogs look: PERKPACK_IMPORT_DIR, else `<dataDir>/imports`. */
  importDir?: string
  /** A Chromium binary for Save as PDF; null or missing: PDF saving answers pdf_unavailable. */
  chromium?: string | null
}

/**
 * No time limit: a batch of slips on a busy machine takes what it takes (a fixed 120 s once
 * failed 3,697 slips). Cancel stops Chromium at once through `signal`.
 */
function run(file: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 4 * 1024 * 1024, ...(signal ? { signal } : {}) }, (error) =>
      error ? reject(error) : resolve(),
    )
  })
}

function cancelled(): PerkPackError {
  return new PerkPackError('print_cancelled', 'Cancelled: no PDF was written.')
}

/** The newest file in `dir` with one of `extensions` (no dot), or null. */
async function newestFile(dir: string, extensions: readonly string[]): Promise<string | null> {
  const names = await readdir(dir).catch(() => [] as string[])
  let newest: { path: string; at: number } | null = null
  for (const name of names) {
    const ext = extname(name).slice(1).toLowerCase()
    if (!extensions.includes('*') && !extensions.includes(ext)) continue
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (info?.isFile() && (!newest || info.mtimeMs > newest.at)) newest = { path, at: info.mtimeMs }
  }
  return newest?.path ?? null
}

/**
 * The harness has no dialogs and no printer: a save "dialog" answers a path in the export
 * folder under the suggested name (tests read the file there), an open "dialog" the newest
 * file of the import folder that fits its filters, printing is refused with a
 * message the page shows, and Save as PDF runs Chromium headless on the same HTML Electron's
 * hidden window would print, so the PDF is the one the desktop app makes.
 */
export function harnessDesktop(options: HarnessDesktopOptions): Desktop {
  return {
    printUnavailable: PRINT_UNAVAILABLE_MESSAGE,

    async forgetLocalData() {
      if (options.ownsExportDir) await rm(options.exportDir, { recursive: true, force: true })
    },

    async chooseSavePath({ defaultName }) {
      await mkdir(options.exportDir, { recursive: true })
      // The name comes from main (a slug and a date), but a path part must never climb out.
      return join(options.exportDir, basename(defaultName))
    },

    async chooseOpenPath({ filters }) {
      const dir = options.importDir
      const extensions = filters.flatMap((filter) => filter.extensions.map((e) => e.toLowerCase()))
      const found = dir ? await newestFile(dir, extensions) : null
      if (found) return found
      throw new PerkPackError(
        'open_unavailable',
        `The browser harness has no file dialog: put the file in ${dir ?? 'the folder PERKPACK_IMPORT_DIR names'} and choose again.`,
      )
    },

    print() {
      return Promise.reject(new PerkPackError('print_unavailable', PRINT_UNAVAILABLE_MESSAGE))
    },

    async printToPdf(html, path, pdfOptions) {
      const signal = pdfOptions?.signal
      if (signal?.aborted) throw cancelled()
      const chromium = options.chromium
      if (!chromium || !existsSync(chromium)) {
        throw new PerkPackError(
          'pdf_unavailable',
          'Saving as PDF from the browser needs Chromium at /usr/bin/chromium (or ' +
            'PERKPACK_CHROMIUM) where the harness runs. Use the desktop app.',
        )
      }
      const work = await mkdtemp(join(tmpdir(), 'perkpack-pdf-'))
      const source = join(work, 'document.html')
      const output = join(work, 'document.pdf')
      try {
        // A new file ('wx') in the private (0700) folder mkdtemp made.
        await writeFile(source, html, { encoding: 'utf8', mode: 0o600, flag: 'wx' })
        await run(
          chromium,
          [
            ...CHROMIUM_FLAGS,
            `--user-data-dir=${join(work, 'profile')}`,
            `--print-to-pdf=${output}`,
            pathToFileURL(source).href,
          ],
          signal,
        )
        if ((await stat(output)).size === 0) throw new Error('Chromium wrote an empty PDF')
        await mkdir(dirname(path), { recursive: true })
        await rename(output, path).catch(async (error: NodeJS.ErrnoException) => {
          // Another file system (a tmpfs /tmp): copy by writing instead.
          if (error.code !== 'EXDEV') throw error
          await writeFile(path, await readFile(output))
        })
      } catch (error) {
        if (signal?.aborted) throw cancelled()
        if (error instanceof PerkPackError) throw error
        throw new PerkPackError(
          'pdf_failed',
          `Chromium could not make the PDF (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). Try again, or use the desktop app.`,
          { cause: error },
        )
      } finally {
        await rm(work, { recursive: true, force: true }).catch(() => undefined)
      }
    },
  }
}
