import type { FetchLike, RetryPolicy } from '../core/api/http'
import { CampaignNames } from '../core/session/campaign-names'
import { KeychainSecretStore, MemorySecretStore } from '../core/session/secrets'
import type { SecretStore } from '../core/session/secrets'
import type { AppBasics } from '../feature-deps'
import type { NetworkMonitor } from '../network/network-monitor'
import { Connection } from './connection'
import { SignInDesk } from './sign-in'

export interface SessionFeatureDeps extends Pick<
  AppBasics,
  'dataDir' | 'env' | 'log' | 'now' | 'emit' | 'desktop'
> {
  /** Every request's fetch reports to it. */
  network: NetworkMonitor
  fetch?: FetchLike
  /** Default: the OS keychain, or memory when PERKPACK_SECRET_STORE=memory. */
  secretStore?: (onFallback: (message: string) => void) => SecretStore
  retry?: Partial<RetryPolicy>
  harness: boolean
  /** Runs before the host's cache closes: the root lets go of what the features hold of it. */
  leavingHost: () => void
  /** Signed in (again): the root resumes the work that needs the API. */
  signedIn: () => void
}

export interface SessionFeature {
  connection: Connection
  /** The campaign names kept per profile: sign-in forgets them, campaigns and outputs show them. */
  names: CampaignNames
  signIn: SignInDesk
}

/** Where and as whom: the host, its session, client and cache. Needs the network monitor. */
export function createSessionFeature(deps: SessionFeatureDeps): SessionFeature {
  const { dataDir, env, desktop } = deps
  const connection = new Connection({
    dataDir,
    env,
    fetch: deps.network.wrap(deps.fetch ?? globalThis.fetch),
    keychain: (onFallback) =>
      deps.secretStore?.(onFallback) ??
      (env.PERKPACK_SECRET_STORE === 'memory'
        ? new MemorySecretStore()
        : new KeychainSecretStore({ onFallback })),
    ...(deps.retry ? { retry: deps.retry } : {}),
    harness: deps.harness,
    log: deps.log,
    now: deps.now,
    expired: (event) => deps.emit('session:expired', event),
    leavingHost: deps.leavingHost,
    signedIn: deps.signedIn,
  })
  const names = new CampaignNames(dataDir, () => connection.profile())
  const signIn = new SignInDesk(connection, dataDir, names, async () => {
    await desktop.forgetLocalData?.()
  })
  return { connection, names, signIn }
}
