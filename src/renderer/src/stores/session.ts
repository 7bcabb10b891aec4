import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { IpcEvents, SessionInfo, SignInInput } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

/** Main's event, or a store's request refused with `sign_in_required` (no message: the dialog words it). */
export type ExpiredPrompt = Omit<IpcEvents['session:expired'], 'message'> & {
  message: string | null
}

const OFFLINE_KEY = 'perkpack.workingOffline'

function storedOffline(): boolean {
  try {
    return localStorage.getItem(OFFLINE_KEY) === 'yes'
  } catch {
    return false
  }
}

function storeOffline(on: boolean): void {
  try {
    if (on) localStorage.setItem(OFFLINE_KEY, 'yes')
    else localStorage.removeItem(OFFLINE_KEY)
  } catch {
    // Storage can be unavailable (private window in the harness): the choice lasts this run.
  }
}

export const useSessionStore = defineStore('session', () => {
  const status = ref<SessionInfo | null>(null)
  const loading = ref(false)
  const signingIn = ref(false)
  const error = ref<string | null>(null)

  /** Set while the "Sign in again" dialog should be open. */
  const expired = ref<ExpiredPrompt | null>(null)
  const reauthenticating = ref(false)
  const reauthError = ref<string | null>(null)
  // Work interrupted by the expiry, re-run after the password is accepted. Keyed so an
  // operation that failed twice is retried once.
  const retries = new Map<string, () => unknown>()

  const signedIn = computed(() => status.value?.signedIn === true)
  /**
   * Working without an account, from offline copies imported from dashboard files (a team
   * without API access starts on the sign-in screen with a file). Kept across restarts.
   */
  const workingOffline = ref(storedOffline())
  /** The workspace is open: signed in, or working offline from imported files. */
  const inWorkspace = computed(() => signedIn.value || workingOffline.value)

  function workOffline(on: boolean): void {
    workingOffline.value = on
    storeOffline(on)
  }
  const email = computed(() => status.value?.email ?? null)

  const take = (info: SessionInfo) => (status.value = info)

  async function load(): Promise<void> {
    await trackRequest(() => api().sessionStatus(), { busy: loading, error, apply: take })
  }

  async function signIn(input: SignInInput): Promise<boolean> {
    const outcome = await trackRequest(() => api().signIn(input), {
      busy: signingIn,
      error,
      apply: (info) => {
        take(info)
        workOffline(false)
      },
    })
    return outcome.ok
  }

  /** Starts the bundled simulator; answers its campaign ids, or null on failure. */
  async function startDemo(): Promise<{ campaignIds: number[]; jobIds: string[] } | null> {
    const outcome = await trackRequest(() => api().startDemo(), {
      busy: signingIn,
      error,
      apply: ({ campaignIds: _c, jobIds: _j, ...info }) => take(info),
    })
    if (!outcome.ok) return null
    const { campaignIds, jobIds } = outcome.value
    return { campaignIds, jobIds }
  }

  async function signOut(): Promise<boolean> {
    const outcome = await trackRequest(() => api().signOut(), {
      busy: loading,
      error,
      apply: (info) => {
        take(info)
        workOffline(false)
        expired.value = null
        retries.clear()
      },
    })
    return outcome.ok
  }

  /**
   * Called by a store whose request failed with `sign_in_required`: opens the dialog (if the
   * event did not already) and remembers what to run again once the password is accepted.
   */
  function retryAfterSignIn(key: string, run: () => unknown): void {
    retries.set(key, run)
    expired.value ??= { email: email.value, message: null }
  }

  async function reauthenticate(password: string): Promise<boolean> {
    const outcome = await trackRequest(() => api().reauthenticate({ password }), {
      busy: reauthenticating,
      error: reauthError,
      apply: (info) => {
        take(info)
        expired.value = null
        const pending = [...retries.values()]
        retries.clear()
        for (const run of pending) void run()
      },
    })
    return outcome.ok
  }

  /** "Not now": close the dialog; the interrupted work stays failed. */
  function dismissExpired(): void {
    expired.value = null
    reauthError.value = null
    retries.clear()
  }

  function listen(): () => void {
    return api().onSessionExpired((prompt) => {
      reauthError.value = null
      expired.value = prompt
    })
  }

  return {
    status,
    signedIn,
    workingOffline,
    inWorkspace,
    workOffline,
    email,
    loading,
    signingIn,
    error,
    expired,
    reauthenticating,
    reauthError,
    load,
    signIn,
    startDemo,
    signOut,
    retryAfterSignIn,
    reauthenticate,
    dismissExpired,
    listen,
  }
})
