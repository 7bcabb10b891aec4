import fs from 'node:fs'
import path from 'node:path'
import { UsageError } from '../main/services/perkpack-errors'

/**
 * The file a command reads (a CSV given on the command line), whole. A missing or unreadable
 * file is a usage error that names the file and the fix, never a stack trace.
 */
export function readInputFile(
  file: string | undefined,
  usage: string,
): { bytes: Buffer; name: string; given: string } {
  if (!file) throw new UsageError(`Missing the CSV file. Usage: perkpack ${usage}`)
  try {
    return { bytes: fs.readFileSync(file), name: path.basename(file), given: file }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new UsageError(
      code === 'ENOENT'
        ? `There is no file ${file}. Check the name and folder.`
        : `Cannot read ${file} (${code ?? 'error'}). Check that it is a file you may read.`,
    )
  }
}
