import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { IpcEvents, SessionInfo, SignInInput } from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'

export type ExpiredPrompt = IpcEvents['session:expired']

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
  const email = computed(() => status.value?.email ?? null)

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      status.value = await api().sessionStatus()
    } catch (e) {
      error.value = errorMessage(e)
    } finally {
      loading.value = false
    }
  }

  async function signIn(input: SignInInput): Promise<boolean> {
    signingIn.value = true
    error.value = null
    try {
      status.value = await api().signIn(input)
      return true
    } catch (e) {
      error.value = errorMessage(e)
      return false
    } finally {
      signingIn.value = false
    }
  }

  /** Starts the bundled simulator; answers its campaign ids, or null on failure. */
  async function startDemo(): Promise<{ campaignIds: number[]; jobIds: string[] } | null> {
    signingIn.value = true
    error.value = null
    try {
      const { campaignIds, jobIds, ...info } = await api().startDemo()
      status.value = info
      return { campaignIds, jobIds }
    } catch (e) {
      error.value = errorMessage(e)
      return null
    } finally {
      signingIn.value = false
    }
  }

  async function signOut(): Promise<boolean> {
    loading.value = true
    error.value = null
    try {
      status.value = await api().signOut()
      expired.value = null
      retries.clear()
      return true
    } catch (e) {
      error.value = errorMessage(e)
      return false
    } finally {
      loading.value = false
    }
  }

  /**
   * Called by a store whose request failed with `sign_in_required`: opens the dialog (if the
   * event did not already) and remembers what to run again once the password is accepted.
   */
  function retryAfterSignIn(key: string, run: () => unknown, message?: string): void {
    retries.set(key, run)
    expired.value ??= {
      email: email.value,
      message: message ?? 'Your session has expired. Enter your password to continue.',
    }
  }

  async function reauthenticate(password: string): Promise<boolean> {
    reauthenticating.value = true
    reauthError.value = null
    try {
      status.value = await api().reauthenticate({ password })
      expired.value = null
      const pending = [...retries.values()]
      retries.clear()
      for (const run of pending) void run()
      return true
    } catch (e) {
      reauthError.value = errorMessage(e)
      return false
    } finally {
      reauthenticating.value = false
    }
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
