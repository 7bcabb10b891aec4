import { describe, expect, it } from 'vitest'
import { ref } from 'vue'
import { BridgeError } from '@shared/ipc'
import { useLatestRequest } from '@renderer/composables/useLatestRequest'
import { deferred } from '@renderer/stores/orders.fixtures'
import { trackRequest } from './track-request'

describe('trackRequest', () => {
  it('holds busy while the call runs and takes the answer in before it drops', async () => {
    const busy = ref(false)
    const error = ref<string | null>('an old failure')
    const answer = deferred<number>()
    let busyWhenApplied: boolean | null = null
    const running = trackRequest(() => answer.promise, {
      busy,
      error,
      apply: () => (busyWhenApplied = busy.value),
    })
    expect([busy.value, error.value]).toEqual([true, null])
    answer.resolve(7)
    expect(await running).toEqual({ ok: true, value: 7 })
    expect([busy.value, busyWhenApplied]).toEqual([false, true])
  })

  it("answers main's code and message, shown in error unless the caller handles the code", async () => {
    const error = ref<string | null>(null)
    const refused = () => Promise.reject(new BridgeError('sign_in_required', 'Sign in again.'))
    expect(await trackRequest(refused, { error, quiet: ['sign_in_required'] })).toEqual({
      ok: false,
      code: 'sign_in_required',
      message: 'Sign in again.',
    })
    expect(error.value).toBeNull()
    await trackRequest(refused, { error })
    expect(error.value).toBe('Sign in again.')
  })
})

describe('useLatestRequest', () => {
  it('drops an answer that lands after a newer request, and keeps busy until the latest settles', async () => {
    const requests = useLatestRequest()
    const busy = ref(false)
    const shown: string[] = []
    const slow = deferred<string>()
    const fast = deferred<string>()
    const first = requests.run(() => slow.promise, { busy, apply: (v) => shown.push(v) })
    const second = requests.run(() => fast.promise, { busy, apply: (v) => shown.push(v) })
    slow.resolve('a')
    expect(await first).toBeNull()
    expect(busy.value).toBe(true)
    fast.resolve('ab')
    expect(await second).toEqual({ ok: true, value: 'ab' })
    expect([shown, busy.value]).toEqual([['ab'], false])
  })

  it('drop() leaves the requests in flight without a say', async () => {
    const requests = useLatestRequest()
    const error = ref<string | null>(null)
    let refuse: (e: Error) => void = () => undefined
    const running = requests.run(() => new Promise<never>((_, reject) => (refuse = reject)), {
      error,
    })
    requests.drop()
    refuse(new BridgeError('not_found', 'Gone.'))
    expect(await running).toBeNull()
    expect(error.value).toBeNull()
  })
})
