import { computed, reactive, ref, watch } from 'vue'
import type { SignInInput } from '@shared/ipc'
import { useSessionStore } from '@renderer/stores/session'
import { useSettingsStore } from '@renderer/stores/settings'

/** The form's fields that say where the app connects. */
const URL_FIELDS = ['baseUrl', 'authUrl'] as const

/** The sign-in form's fields, checks and submit, kept out of the component. */
export function useSignInForm() {
  const session = useSessionStore()
  const settings = useSettingsStore()
  const form = reactive({ apiToken: '', email: '', password: '', baseUrl: '', authUrl: '' })
  const formError = ref<string | null>(null)

  /** The addresses last shown, which the app uses anyway: only a changed one is sent. */
  const shown = { baseUrl: '', authUrl: '' }

  // Show where the app will connect, so "Advanced" is a place to check, not only to type. A
  // field the person has not edited follows main's answer (the demo ended, say).
  watch(
    () => settings.settings,
    (current) => {
      if (!current) return
      for (const key of URL_FIELDS) {
        if (form[key] === shown[key]) form[key] = current[key]
        shown[key] = current[key]
      }
    },
    { immediate: true },
  )

  /** A typed address; null when empty or as shown (main then keeps what it uses anyway). */
  function changedUrl(key: (typeof URL_FIELDS)[number]): string | null {
    const value = form[key].trim()
    return value && value !== shown[key] ? value : null
  }

  const error = computed(() => formError.value ?? session.error)

  function toInput(): SignInInput | string {
    const apiToken = form.apiToken.trim()
    const email = form.email.trim()
    if (!apiToken) return "Enter the API token from your campaign's partner settings."
    if (email && !form.password)
      return `Enter the password for ${email}, or clear the e-mail to sign in with the API token only.`
    // Passwords are taken as typed: a space may be part of one.
    const input: SignInInput = { apiToken }
    if (email) Object.assign(input, { email, password: form.password })
    for (const key of URL_FIELDS) {
      const url = changedUrl(key)
      if (url) input[key] = url
    }
    return input
  }

  async function submit(): Promise<boolean> {
    const input = toInput()
    if (typeof input === 'string') {
      formError.value = input
      return false
    }
    formError.value = null
    const ok = await session.signIn(input)
    if (ok) form.password = ''
    return ok
  }

  return { form, error, submit }
}
