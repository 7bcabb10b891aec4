import { basename, extname } from 'node:path'
import { PerkPackError } from '../core/system/perkpack-errors'

export interface SaveFilter {
  /** "Excel workbook" */
  name: string
  /** Without the dot: ["xlsx"]. */
  extensions: string[]
}

export interface SavePathOptions {
  /** A file name only (no folder): the platform picks the folder (Documents, the last used). */
  defaultName: string
  filters: SaveFilter[]
  /** The dialog's title, e.g. "Save the packing list". */
  title?: string
  /**
   * The files written with the chosen path (numbered batches): the name offered is one whose
   * companions are free too (`freePath`).
   */
  companions?: (path: string) => readonly string[]
}

export interface OpenPathOptions {
  filters: SaveFilter[]
  /** The dialog's title, e.g. "Import from a dashboard file". */
  title?: string
}

export interface PrintOptions {
  /**
   * The paper the document is laid out for, in microns, to preselect it in the print dialog.
   * The document's CSS `@page` size is what actually decides (api-notes: Electron ignores
   * pageSize in some cases and defaults to A4).
   */
  pageSize?: { width: number; height: number }
}

/** A yes/no question main asks itself (never the renderer's word): e.g. leaving a host. */
export interface ConfirmQuestion {
  message: string
  detail: string
  /** The button that goes ahead, e.g. "Change host"; the other one is Cancel. */
  confirmLabel: string
}

/**
 * What only the platform can do: ask where to save, print, render a PDF. Electron implements it
 * with dialogs and a hidden window (src/main/shell/electron-desktop.ts), the web harness with a folder and a
 * headless Chromium (src/web/web-desktop.ts); tests pass their own.
 */
export interface Desktop {
  /**
   * Set where there is no printer to reach (the browser harness): why, for a person. Printing is
   * then refused before the document is laid out, which takes seconds for thousands of labels.
   */
  readonly printUnavailable?: string
  /**
   * The path chosen, ending in the first filter's extension (see `savePathWithExtension`), or
   * null when the person cancelled.
   */
  chooseSavePath(options: SavePathOptions): Promise<string | null>
  /**
   * A file to read, chosen by the person; null when they cancelled. Absent where no file can be
   * chosen (the CLI, which takes paths as arguments; unit tests).
   */
  chooseOpenPath?(options: OpenPathOptions): Promise<string | null>
  /** Opens the system print dialog; false when the person cancelled it. */
  print(html: string, options: PrintOptions): Promise<boolean>
  /**
   * Asks the person in a dialog of main's own. Absent where there is nobody to ask in a dialog
   * (the web harness, unit tests): the action goes ahead, as it did before the question existed.
   */
  confirm?(question: ConfirmQuestion): Promise<boolean>
  /**
   * Sign-out: what the platform keeps besides the data directory's files goes too (Electron:
   * the renderer's storage; the harness: its exports folder). Absent where there is none.
   */
  forgetLocalData?(): Promise<void>
}

/** For AppServices built without a platform (the CLI's tests, unit tests): says what is missing. */
export const NO_DESKTOP: Desktop = {
  printUnavailable: 'Printing is not available here.',
  chooseSavePath: () =>
    Promise.reject(
      new PerkPackError('save_unavailable', 'Saving files is not available here: use the app.'),
    ),
  print: () =>
    Promise.reject(new PerkPackError('print_unavailable', 'Printing is not available here.')),
}

/**
 * The dialog's answer with the extension its filter stands for. Linux save dialogs do not add
 * the extension of the chosen filter, and their overwrite confirmation asked about the name
 * typed ("labels"), not the file written ("labels.pdf"): when adding the extension names a file
 * that exists, the person is asked again, about that file. Null when they decline.
 */
export async function savePathWithExtension(
  chosen: string,
  filters: readonly SaveFilter[],
  exists: (path: string) => boolean,
  confirmReplace: (fileName: string) => Promise<boolean>,
): Promise<string | null> {
  const extension = filters[0]?.extensions[0]
  if (!extension || extname(chosen).toLowerCase() === `.${extension.toLowerCase()}`) return chosen
  const path = `${chosen}.${extension}`
  if (exists(path) && !(await confirmReplace(basename(path)))) return null
  return path
}
