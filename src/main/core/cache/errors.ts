import { PerkPackError } from '../system/perkpack-errors'

export type CacheErrorCode =
  | 'cache_damaged'
  | 'cache_newer'
  | 'cache_unavailable'
  | 'cache_busy'
  | 'cache_bad_profile'
  | 'cache_snapshot_closed'
  | 'cache_snapshot_superseded'
  | 'cache_bad_value'
  | 'cache_key_mismatch'

export class CacheError extends PerkPackError {
  override name = 'CacheError'
  declare readonly code: CacheErrorCode
  constructor(code: CacheErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options)
  }
}

export function newerSchemaError(version: number): CacheError {
  return new CacheError(
    'cache_newer',
    `This cache was written by a newer PerkPack (schema ${version}); update PerkPack or choose another data directory.`,
  )
}

function sqliteCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null
}

/**
 * SQLite's own messages ("file is not a database", "database is locked") tell a person neither
 * which file nor what to do, so the few conditions a person can fix get a message of their own.
 * Anything else is a programming error and keeps its original form for the log.
 */
export function translateSqliteError(error: unknown, file: string): unknown {
  const code = sqliteCode(error)
  if (code === null || error instanceof CacheError) return error
  const detail = (error as Error).message
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) {
    return new CacheError(
      'cache_damaged',
      `The offline cache file ${file} is damaged or is not a PerkPack cache (${detail}). ` +
        'Quit PerkPack, then move that file away or delete it (with its -wal and -shm files ' +
        'beside it); nothing is lost for good, the contributions can be synced again.',
      { cause: error },
    )
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY')) {
    return new CacheError(
      'cache_unavailable',
      `The offline cache file ${file} cannot be opened for writing (${detail}). ` +
        'Check that its folder exists and is writable by you, or choose another data directory.',
      { cause: error },
    )
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new CacheError(
      'cache_busy',
      `The offline cache file ${file} is busy: another PerkPack window or command is writing ` +
        'to it. Wait for it to finish, then try again.',
      { cause: error },
    )
  }
  if (code.startsWith('SQLITE_FULL') || code.startsWith('SQLITE_IOERR')) {
    return new CacheError(
      'cache_unavailable',
      `The offline cache file ${file} could not be written (${detail}). ` +
        'Free some disk space or check the disk, then try again; the last synced data is kept.',
      { cause: error },
    )
  }
  return error
}
