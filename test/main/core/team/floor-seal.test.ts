import { describe, expect, it } from 'vitest'
import { deriveKey, newSalt, seal, unseal } from '../../../../src/main/core/team/floor-seal'

// The floor plan's personal parts on the team store (docs/security.md): AES-256-GCM under a
// key derived from the team password.

describe('sealing a change for the team store', () => {
  it('opens with the same password and salt, and with nothing else', async () => {
    const salt = newSalt()
    const key = await deriveKey('Sesame-0pen-Team', salt)
    const sealed = seal(key, '{"address":"12 Rue des Lilas"}', 'uuid-1:correction-set')
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('Lilas')
    expect(unseal(key, sealed, 'uuid-1:correction-set')).toBe('{"address":"12 Rue des Lilas"}')
    expect(unseal(await deriveKey('Sesame-0pen-Team', salt), sealed, 'uuid-1:correction-set')).toBe(
      '{"address":"12 Rue des Lilas"}',
    )
    // Another password, another salt, another entry, a changed byte: nothing, not a throw.
    expect(unseal(await deriveKey('another', salt), sealed, 'uuid-1:correction-set')).toBeNull()
    expect(
      unseal(await deriveKey('Sesame-0pen-Team', newSalt()), sealed, 'uuid-1:correction-set'),
    ).toBeNull()
    expect(unseal(key, sealed, 'uuid-2:correction-set')).toBeNull()
    const bytes = Buffer.from(sealed, 'base64')
    bytes[bytes.length - 1]! ^= 1
    expect(unseal(key, bytes.toString('base64'), 'uuid-1:correction-set')).toBeNull()
    expect(unseal(key, 'c2hvcnQ=', 'uuid-1:correction-set')).toBeNull()
  })

  it('seals the same text differently each time (a fresh IV)', async () => {
    const key = await deriveKey('pw', newSalt())
    expect(seal(key, 'same', 'c')).not.toBe(seal(key, 'same', 'c'))
  })
})
