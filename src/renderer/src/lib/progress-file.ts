import { MAX_FLOOR_FILE_BYTES } from '@shared/ipc'

export interface PickedFile {
  fileName: string
  contentBase64: string
}

export class PickedFileError extends Error {}

/**
 * A file the person picked, read by the window itself (so Electron and the browser harness work
 * alike) and handed to main whole as base64: main decodes it, keeping its bytes exactly.
 */
export function readPickedFile(file: File): Promise<PickedFile> {
  if (file.size > MAX_FLOOR_FILE_BYTES) {
    return Promise.reject(
      new PickedFileError(
        `${file.name} is ${Math.ceil(file.size / 2 ** 20)} MB; at most ${MAX_FLOOR_FILE_BYTES / 2 ** 20} MB are read. Choose the CSV export itself, not a folder or an archive.`,
      ),
    )
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () =>
      reject(
        new PickedFileError(
          `${file.name} could not be read. Check that it is still there and choose it again.`,
        ),
      )
    reader.onload = () => {
      // A data URL: "data:<type>;base64,<content>" (a native encoder, fast for large files).
      const url = String(reader.result ?? '')
      resolve({ fileName: file.name, contentBase64: url.slice(url.indexOf(',') + 1) })
    }
    reader.readAsDataURL(file)
  })
}
