/**
 * Where tokens live: the OS keychain (keytar), or memory when there is none. The password is
 * never given to a store: OAuth's password grant says a client must not keep it.
 */

export const KEYCHAIN_SERVICE = 'PerkPack'

export interface SecretStore {
  /** Human name for messages: "the OS keychain" or "memory (this run only)". */
  readonly description: string
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
}

export class MemorySecretStore implements SecretStore {
  readonly description = 'memory (this run only)'
  private readonly entries = new Map<string, string>()
  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null
  }
  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret)
  }
  async delete(account: string): Promise<boolean> {
    return this.entries.delete(account)
  }
  /** For tests: every value held, to prove what was (not) stored. */
  values(): string[] {
    return [...this.entries.values()]
  }
}

/** The subset of keytar we use, so tests can hand in a fake keychain that fails. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as KeytarLike & { default?: KeytarLike }
  return mod.default ?? mod
}

/**
 * The OS keychain, falling back to memory for the rest of the run the first time it fails
 * (headless Linux without a Secret Service, a locked keychain), with one clear warning.
 * Whatever was kept in memory is then also what `get` answers, so a sign-in still works.
 */
export class KeychainSecretStore implements SecretStore {
  private fallback: MemorySecretStore | null = null
  private keytar: Promise<KeytarLike> | null = null

  constructor(
    private readonly options: {
      service?: string
      load?: () => Promise<KeytarLike>
      onFallback?: (message: string) => void
    } = {},
  ) {}

  get description(): string {
    return this.fallback ? this.fallback.description : 'the OS keychain'
  }

  private get service(): string {
    return this.options.service ?? KEYCHAIN_SERVICE
  }

  private async attempt<T>(
    run: (keytar: KeytarLike) => Promise<T>,
    orElse: (memory: MemorySecretStore) => Promise<T>,
  ): Promise<T> {
    if (this.fallback) return orElse(this.fallback)
    try {
      this.keytar ??= (this.options.load ?? loadKeytar)()
      return await run(await this.keytar)
    } catch (error) {
      this.fallback = new MemorySecretStore()
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      this.options.onFallback?.(
        `The OS keychain is not available (${reason}). PerkPack keeps your sign-in in memory ` +
          'for this run only; on Linux, install and unlock a Secret Service such as gnome-keyring ' +
          'to stay signed in. The offline copy is encrypted with a key kept there too: after a ' +
          'restart it cannot be read, and a sync rebuilds it.',
      )
      return orElse(this.fallback)
    }
  }

  get(account: string): Promise<string | null> {
    return this.attempt(
      (k) => k.getPassword(this.service, account),
      (m) => m.get(account),
    )
  }

  set(account: string, secret: string): Promise<void> {
    return this.attempt(
      (k) => k.setPassword(this.service, account, secret),
      (m) => m.set(account, secret),
    )
  }

  delete(account: string): Promise<boolean> {
    return this.attempt(
      (k) => k.deletePassword(this.service, account),
      (m) => m.delete(account),
    )
  }
}
