import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AccountContributionsView } from '@shared/ipc'
import { api, errorCode, errorMessage, SIGN_IN_REQUIRED } from '@renderer/api'
import { useSessionStore } from './session'

export const useAccountStore = defineStore('account', () => {
  const view = shallowRef<AccountContributionsView | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  async function load(accountId: number): Promise<void> {
    loading.value = true
    error.value = null
    try {
      view.value = await api().accountContributions({ accountId })
    } catch (e) {
      view.value = null
      if (errorCode(e) === SIGN_IN_REQUIRED)
        useSessionStore().retryAfterSignIn(`account:${accountId}`, () => load(accountId))
      else error.value = errorMessage(e)
    } finally {
      loading.value = false
    }
  }

  function reset(): void {
    view.value = null
    error.value = null
  }

  return { view, loading, error, load, reset }
})
