import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import type { Desktop } from '../main/export/desktop-port'
import { PerkPackError } from '../main/core/system/perkpack-errors'
import { freePath } from '../main/core/export/free-path'
import { writeFailure } from '../main/core/system/write-errors'

export const PRINT_UNAVAILABLE_MESSAGE =
  'Printing from the browser: use Save as PDF, or the desktop app.'

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

    async chooseSavePath({ defaultName, companions }) {
      // The name comes from main (a slug and a date), but a path part must never climb out;
      // with no dialog to ask before replacing, a name taken gets a number instead.
      const name = basename(defaultName)
      await mkdir(options.exportDir, { recursive: true }).catch((error: unknown) => {
        throw writeFailure(join(options.exportDir, name), error)
      })
      return freePath(options.exportDir, name, companions)
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
  }
}
