import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AccountContributionsView } from '@shared/ipc'
import { api, SIGN_IN_REQUIRED } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { useSessionStore } from './session'

export const useAccountStore = defineStore('account', () => {
  const view = shallowRef<AccountContributionsView | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  async function load(accountId: number): Promise<void> {
    await trackRequest(() => api().accountContributions({ accountId }), {
      busy: loading,
      error,
      quiet: [SIGN_IN_REQUIRED],
      apply: (answer) => (view.value = answer),
      failed: ({ code }) => {
        view.value = null
        if (code === SIGN_IN_REQUIRED)
          useSessionStore().retryAfterSignIn(`account:${accountId}`, () => load(accountId))
      },
    })
  }

  function reset(): void {
    view.value = null
    error.value = null
  }

  return { view, loading, error, load, reset }
})
