import { describe, expect, it } from 'vitest'
import { BridgeError } from '@shared/ipc'
import { api, errorCode, errorMessage } from './api'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'

describe('api()', () => {
  it('unwraps envelopes into values and BridgeErrors, memoized per bridge', async () => {
    fakeBridge({ cancelSync: () => fail('cancelled', 'Cancelled.') })
    const first = api()
    expect(api()).toBe(first)
    expect(await first.networkStatus()).toMatchObject({ online: true })
    const error = await first.cancelSync({ campaignId: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BridgeError)
    expect(errorCode(error)).toBe('cancelled')

    fakeBridge()
    expect(api()).not.toBe(first)
  })

  it('says clearly when there is no bridge', () => {
    // @ts-expect-error: simulating a page opened outside Electron and the harness
    delete window.perkpack
    expect(() => api()).toThrow(/bridge is missing/)
  })
})

describe('errorMessage', () => {
  it('strips the Electron prefix and never returns an empty message', () => {
    expect(errorMessage(new Error("Error invoking remote method 'x': Error: Boom"))).toBe('Boom')
    expect(errorMessage(new Error(''))).toBe('Something went wrong. Try again.')
    expect(errorMessage(undefined)).toBe('Something went wrong. Try again.')
  })
})
