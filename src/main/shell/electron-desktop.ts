import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { app, BrowserWindow, dialog, session } from 'electron'
import type { OpenDialogOptions, SaveDialogOptions, WebContents } from 'electron'
import { savePathWithExtension } from '../export/desktop-port'
import type { Desktop } from '../export/desktop-port'
import { freePath } from '../core/export/free-path'
import { PerkPackError } from '../core/system/perkpack-errors'

/**
 * Loads a print document in a window nobody sees and that can do nothing: no preload, no
 * JavaScript (the documents are static HTML and CSS; their own CSP forbids scripts as well),
 * sandboxed and isolated. A temporary file rather than a data: URL, which Chromium caps in size
 * (3,000 labels are several MB). lockDown() (lock-down.ts) covers this window's navigation too.
 *
 * It stays on file:// rather than app://perkpack on purpose: the document is one self-contained
 * file (fonts inlined as data: URLs) that runs no script, has no preload and so no bridge, and the
 * IPC sender check refuses file:// anyway. With the grantFileProtocolExtraPrivileges fuse off it
 * has a browser's file:// rights only. Serving it through app:// would add a second, writable root
 * (the temp folder) to the origin the renderer's page owns.
 */
async function withDocument<T>(
  html: string,
  run: (contents: WebContents) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  if (signal?.aborted) throw cancelled()
  const dir = await mkdtemp(join(tmpdir(), 'perkpack-print-'))
  const file = join(dir, 'document.html')
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  // Cancel tears the window down at once: whatever it was doing rejects, and this with it.
  let stop: (() => void) | undefined
  const stopped = new Promise<never>((_, reject) => {
    stop = () => reject(cancelled())
    signal?.addEventListener('abort', stop, { once: true })
  })
  stopped.catch(() => undefined)
  try {
    // 'wx': created here and now in the private (0700) folder, never an existing file.
    await writeFile(file, html, { encoding: 'utf8', mode: 0o600, flag: 'wx' })
    return await Promise.race([window.loadFile(file).then(() => run(window.webContents)), stopped])
  } finally {
    if (stop) signal?.removeEventListener('abort', stop)
    window.destroy()
    await rm(dir, { recursive: true, force: true }).catch(() => undefined)
  }
}

function cancelled(): PerkPackError {
  return new PerkPackError('print_cancelled', 'Cancelled: no PDF was written.')
}

/** Electron's side of "Print & export": the native save dialog, the system print dialog, printToPDF. */
export function electronDesktop(parent: () => BrowserWindow | null): Desktop {
  return {
    async chooseSavePath({ defaultName, filters, title, companions }) {
      const options: SaveDialogOptions = {
        // A name no file in the folder has: the dialog would ask before replacing, but a
        // second export of the day should not have to be renamed by hand.
        defaultPath: freePath(app.getPath('documents'), defaultName, companions),
        filters,
        properties: ['createDirectory', 'showOverwriteConfirmation'],
        ...(title ? { title } : {}),
      }
      const owner = parent()
      const result = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options)
      if (result.canceled || !result.filePath) return null
      return savePathWithExtension(result.filePath, filters, existsSync, async (fileName) => {
        const replace = {
          type: 'question' as const,
          buttons: ['Replace', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          message: `“${fileName}” already exists. Replace it?`,
          detail: 'The file in that folder is overwritten with the new one.',
        }
        const answer = owner
          ? await dialog.showMessageBox(owner, replace)
          : await dialog.showMessageBox(replace)
        return answer.response === 0
      })
    },

    async chooseOpenPath({ filters, title }) {
      const options: OpenDialogOptions = {
        defaultPath: app.getPath('downloads'),
        filters,
        properties: ['openFile'],
        ...(title ? { title } : {}),
      }
      const owner = parent()
      const result = owner
        ? await dialog.showOpenDialog(owner, options)
        : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },

    print(html, { pageSize }) {
      return withDocument(
        html,
        (contents) =>
          new Promise<boolean>((resolve, reject) => {
            contents.print(
              { silent: false, printBackground: true, ...(pageSize ? { pageSize } : {}) },
              (success, failureReason) => {
                if (success) resolve(true)
                // Closing the dialog is a choice, not a failure.
                else if (/cancel/i.test(failureReason)) resolve(false)
                else {
                  reject(
                    new PerkPackError(
                      'print_failed',
                      `Printing failed (${failureReason}). Check the printer, or use Save as PDF and print the file.`,
                    ),
                  )
                }
              },
            )
          }),
      )
    },

    async confirm({ message, detail, confirmLabel }) {
      const question = {
        type: 'question' as const,
        buttons: [confirmLabel, 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        message,
        detail,
      }
      const owner = parent()
      const answer = owner
        ? await dialog.showMessageBox(owner, question)
        : await dialog.showMessageBox(question)
      return answer.response === 0
    },

    async forgetLocalData() {
      // Backers' names may sit in the renderer's caches and storage (local storage, IndexedDB).
      await session.defaultSession.clearStorageData()
      await session.defaultSession.clearCache()
    },
  }
}
