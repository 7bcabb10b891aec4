import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto'

/**
 * The floor plan's personal parts (a corrected address, a hold's reason) are sealed before they
 * go to the team store: AES-256-GCM under a key derived with scrypt from the team password (which
 * every desk keeps in its keychain, and the database host only knows as a hash, if at all) and a
 * random salt per key record in the store. The database host sees the salt and the sealed bytes,
 * never the key (docs/security.md).
 */

/** scrypt's cost: about 0.1 s and 32 MiB once per desk and key record, not per change. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const IV_BYTES = 12
const TAG_BYTES = 16
/** What a key record seals to prove a password opens it: a wrong one fails GCM's tag. */
export const CHECK_TEXT = 'perkpack floor key'

export function newSalt(): Buffer {
  return randomBytes(16)
}

export function deriveKey(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/**
 * Seals text; `context` (the entry's id and kind) is authenticated with it, so sealed bytes
 * moved to another entry do not open there. base64 of iv, tag, ciphertext.
 */
export function seal(key: Buffer, text: string, context: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** The text, or null when the key is not the one that sealed it (or the bytes were changed). */
export function unseal(key: Buffer, sealed: string, context: string): string | null {
  const bytes = Buffer.from(sealed, 'base64')
  if (bytes.length < IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    const body = decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES))
    return Buffer.concat([body, decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
