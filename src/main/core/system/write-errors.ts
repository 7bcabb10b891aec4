import { basename, dirname } from 'node:path'
import type { IpcErrorCode } from '../../../shared/ipc'
import { PerkPackError } from './perkpack-errors'

/**
 * What a person is told when a file could not be saved (CSV, Excel, the PDFs, the harness's
 * export folder): one wording per cause, naming the file and what to do, never a raw error code.
 * The one rule for every kind of output, so a full disk reads the same whatever was exported.
 */

interface Wording {
  code: IpcErrorCode
  /** Why, after "Could not save <file>: ". */
  reason: (dir: string, name: string) => string
  /** What to do, before ", then try again." */
  fix: string
}

const FULL: Wording = {
  code: 'export_disk_full',
  reason: (dir) => `the disk holding ${dir} is full`,
  fix: 'Free some space or choose another folder',
}

const WORDINGS: Readonly<Record<string, Wording>> = {
  ENOSPC: FULL,
  EDQUOT: FULL,
  EROFS: {
    code: 'export_unwritable',
    reason: (dir) => `the disk holding ${dir} is read-only`,
    fix: 'Choose a folder on another disk',
  },
  EACCES: {
    code: 'export_unwritable',
    reason: (dir) => `you do not have permission to write in ${dir}`,
    fix: 'Choose a folder you can write to',
  },
  // Windows answers EPERM for a file another program holds open, as well as for permissions.
  EPERM: {
    code: 'export_unwritable',
    reason: () => 'permission denied, or the file is open in another program',
    fix: 'Close the file or choose a folder you can write to',
  },
  EBUSY: {
    code: 'export_busy',
    reason: () => 'the file is open in another program',
    fix: 'Close it (Excel locks the workbooks it has open)',
  },
  ENOENT: {
    code: 'export_no_folder',
    reason: (dir) => `the folder ${dir} does not exist`,
    fix: 'Create it or choose another folder',
  },
  ENOTDIR: {
    code: 'export_no_folder',
    reason: (dir) => `${dir} is not a folder`,
    fix: 'Choose another folder',
  },
  EISDIR: {
    code: 'export_is_folder',
    reason: (_, name) => `${name} is a folder`,
    fix: 'Give a file name',
  },
}

const OTHER: Wording = {
  code: 'export_write_failed',
  reason: (dir) => `the system refused to write in ${dir}`,
  fix: 'Choose another folder',
}

/** A failure from the file system (it carries an errno code such as ENOSPC). */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return error instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code)
}

/**
 * A failure to save `target` as the person reads it. Anything not from the file system (a
 * cancel, a refusal already worded, a bug) is returned as it is.
 */
export function writeFailure(target: string, error: unknown): unknown {
  if (error instanceof PerkPackError || !isFileSystemError(error)) return error
  const wording = WORDINGS[error.code as string] ?? OTHER
  const reason = wording.reason(dirname(target), basename(target))
  return new PerkPackError(
    wording.code,
    `Could not save ${target}: ${reason}. ${wording.fix}, then try again.`,
    { cause: error },
  )
}
