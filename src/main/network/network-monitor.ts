import type { NetworkStatus } from '../../shared/ipc'
import type { FetchLike } from '../core/api/http'

/**
 * Online as far as PerkPack can tell: any answer from a server (even a 500) proves the network
 * works, a request that got no answer at all proves it does not. Only changes are reported.
 */
export class NetworkMonitor {
  private status: NetworkStatus

  constructor(
    private readonly onChange: (status: NetworkStatus) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.status = { online: true, since: new Date(this.now()).toISOString() }
  }

  get current(): NetworkStatus {
    return { ...this.status }
  }

  set(online: boolean): void {
    if (this.status.online === online) return
    this.status = { online, since: new Date(this.now()).toISOString() }
    this.onChange(this.current)
  }

  /** `inner`, reporting to this monitor. A request the caller cancelled says nothing either way. */
  wrap(inner: FetchLike): FetchLike {
    return async (input, init) => {
      try {
        const response = await inner(input, init)
        this.set(true)
        return response
      } catch (error) {
        const signal = init?.signal
        const cancelled =
          signal?.aborted === true && (signal.reason as { name?: string })?.name !== 'TimeoutError'
        if (!cancelled) this.set(false)
        throw error
      }
    }
  }
}
