import fs from 'node:fs'
import type Database from 'better-sqlite3-multiple-ciphers'
import { CacheError } from './errors'

/*
 * The offline copy holds backers' names, e-mails and home addresses: it is encrypted at rest
 * with SQLite3 Multiple Ciphers. Every page of the file and of its WAL is encrypted and
 * authenticated with the profile's own random key (cache-key.ts keeps it in the OS keychain).
 */

/**
 * AEGIS-256 (authenticated: a MAC per page), which runs on the CPU's AES instructions: it reads
 * a whole cache at plaintext speed here, where ChaCha20-Poly1305 (the library's default) took
 * 1.6x and SQLCipher's AES-CBC + HMAC 1.5x (bench/cache-encryption.bench.ts, BENCHMARKS.md).
 * Named, with its variant, so a change of the library's defaults cannot make existing files
 * unreadable.
 */
const CIPHER = 'aegis'
const ALGORITHM = 'aegis-256'
/** 256 bits as 64 hex digits, passed raw: no key derivation, and nothing else can reach the SQL. */
const KEY_PATTERN = /^[0-9a-f]{64}$/
const PLAINTEXT_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

export function isCacheKey(value: string): boolean {
  return KEY_PATTERN.test(value)
}

/** A cache written before encryption (or by a copy of PerkPack without it). */
export function isPlaintextFile(file: string): boolean {
  const head = Buffer.alloc(PLAINTEXT_HEADER.length)
  const fd = fs.openSync(file, 'r')
  try {
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(PLAINTEXT_HEADER)
  } finally {
    fs.closeSync(fd)
  }
}

function chooseCipher(db: Database.Database): void {
  db.pragma(`cipher = '${CIPHER}'`)
  db.pragma(`algorithm = '${ALGORITHM}'`)
}

function checkedKey(key: string): string {
  if (!isCacheKey(key)) {
    throw new CacheError('cache_bad_value', 'A cache key must be 64 lowercase hex digits.')
  }
  return key
}

/**
 * The first statements on a connection to an encrypted (or new) file. Reading the schema
 * proves the key: SQLite only reads page 1 when it needs it, and a wrong key makes it look
 * like no database at all.
 */
export function unlockCache(db: Database.Database, file: string, key: string): void {
  chooseCipher(db)
  db.pragma(`key = "x'${checkedKey(key)}'"`)
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get()
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') throw keyMismatchError(file, error)
    throw error
  }
}

/**
 * Encrypts a plaintext cache in place, rows kept. SQLite3 Multiple Ciphers rekeys only outside
 * WAL mode: DELETE first (which also copies the WAL's frames into the file and removes it); the
 * caller turns WAL back on.
 */
export function encryptPlaintextCache(db: Database.Database, key: string): void {
  db.pragma('journal_mode = DELETE')
  chooseCipher(db)
  db.pragma(`rekey = "x'${checkedKey(key)}'"`)
}

export function keyMismatchError(file: string, cause?: unknown): CacheError {
  return new CacheError(
    'cache_key_mismatch',
    `The offline copy ${file} cannot be read with this computer's key for it: the key was ` +
      'removed from the OS keychain or replaced, or it was kept in memory for an earlier run ' +
      'only. Sync the campaign again to rebuild it; PerkPack then moves the unreadable file ' +
      'aside (nothing is deleted).',
    cause === undefined ? undefined : { cause },
  )
}
