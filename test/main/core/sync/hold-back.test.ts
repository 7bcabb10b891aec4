import { describe, expect, it } from 'vitest'
import { holdBack } from '../../../../src/main/core/sync/shrink'

// The pure decision a sync takes before committing: hold the copy for the person's word when
// far fewer orders came, or the addresses the copy holds would be lost.
describe('holdBack: whether a sync waits before replacing the offline copy', () => {
  const stored = { count: 1_000, privileged: true }

  it('commits a copy of about the same size with its addresses', () => {
    expect(holdBack(stored, { count: 1_000, privileged: true }, true)).toBeNull()
    expect(holdBack(stored, { count: 900, privileged: true }, true)).toBeNull()
    expect(holdBack(stored, { count: 1_200, privileged: true }, true)).toBeNull()
  })

  it('holds a copy much smaller than the stored one', () => {
    expect(holdBack(stored, { count: 899, privileged: true }, true)).toEqual({
      fewerOrders: true,
      addressesLost: null,
    })
    expect(holdBack(stored, { count: 0, privileged: true }, true)).toEqual({
      fewerOrders: true,
      addressesLost: null,
    })
  })

  it('holds a copy without addresses where the stored one had them, naming why', () => {
    const incoming = { count: 1_000, privileged: false }
    expect(holdBack(stored, incoming, true)).toEqual({
      fewerOrders: false,
      addressesLost: 'not-on-team',
    })
    expect(holdBack(stored, incoming, false)).toEqual({
      fewerOrders: false,
      addressesLost: 'api-token-only',
    })
  })

  it('holds for both reasons at once', () => {
    expect(holdBack(stored, { count: 10, privileged: false }, false)).toEqual({
      fewerOrders: true,
      addressesLost: 'api-token-only',
    })
  })

  it('never holds a first sync, whatever it brings', () => {
    const nothing = { count: 0, privileged: false }
    expect(holdBack(nothing, { count: 0, privileged: false }, true)).toBeNull()
    expect(holdBack(nothing, { count: 5, privileged: false }, false)).toBeNull()
    // A stored copy that is empty but was privileged loses no address either.
    expect(
      holdBack({ count: 0, privileged: true }, { count: 3, privileged: false }, true),
    ).toBeNull()
  })

  it('a copy that had no addresses loses none', () => {
    const plain = { count: 1_000, privileged: false }
    expect(holdBack(plain, { count: 1_000, privileged: false }, false)).toBeNull()
    expect(holdBack(plain, { count: 1_000, privileged: true }, true)).toBeNull()
  })
})
