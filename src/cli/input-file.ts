import path from 'node:path'
import { readCsvInput } from '../main/core/floor/csv-input'
import { UsageError } from '../main/core/system/perkpack-errors'

/**
 * The file a command reads (a CSV given on the command line), whole, within the size and field
 * limits the app reads files with (csv-input.ts). A missing or unreadable file, or one over a
 * limit, is a usage error that names the file and the fix, never a stack trace.
 */
export function readInputFile(
  file: string | undefined,
  usage: string,
): { bytes: Buffer; name: string; given: string } {
  if (!file) throw new UsageError(`Missing the CSV file. Usage: perkpack ${usage}`)
  try {
    const name = path.basename(file)
    return { bytes: readCsvInput(file, name), name, given: file }
  } catch (error) {
    if (error instanceof UsageError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new UsageError(
      code === 'ENOENT'
        ? `There is no file ${file}. Check the name and folder.`
        : `Cannot read ${file} (${code ?? 'error'}). Check that it is a file you may read.`,
    )
  }
}
