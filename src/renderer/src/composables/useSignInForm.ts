import { computed, reactive, ref, watch } from 'vue'
import type { SignInInput } from '@shared/ipc'
import { useSessionStore } from '@renderer/stores/session'
import { useSettingsStore } from '@renderer/stores/settings'

/** The sign-in form's fields, checks and submit, kept out of the component. */
export function useSignInForm() {
  const session = useSessionStore()
  const settings = useSettingsStore()
  const form = reactive({ apiToken: '', email: '', password: '', baseUrl: '', authUrl: '' })
  const formError = ref<string | null>(null)

  // Show where the app will connect, so "Advanced" is a place to check, not only to type.
  watch(
    () => settings.settings,
    (current) => {
      if (!current) return
      form.baseUrl ||= current.baseUrl
      form.authUrl ||= current.authUrl
    },
    { immediate: true },
  )

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
    if (form.baseUrl.trim()) input.baseUrl = form.baseUrl.trim()
    if (form.authUrl.trim()) input.authUrl = form.authUrl.trim()
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
