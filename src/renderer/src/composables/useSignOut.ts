import { useDialog, useMessage } from 'naive-ui'
import { useNavigationStore } from '@renderer/stores/navigation'
import { resetStoresOnSignOut } from '@renderer/stores/reset-on-sign-out'
import { useSessionStore } from '@renderer/stores/session'

export const SIGN_OUT_QUESTION = 'Sign out and delete the offline copy?'

/** Sign-out wipes secrets and every cached campaign, so it always asks first. */
export function useSignOut() {
  const dialog = useDialog()
  const message = useMessage()
  const session = useSessionStore()

  async function signOut(): Promise<boolean> {
    const ok = await session.signOut()
    if (!ok) {
      message.error(session.error ?? 'Could not sign out.')
      return false
    }
    resetStoresOnSignOut()
    useNavigationStore().go('campaigns')
    return true
  }

  function confirmSignOut(): void {
    dialog.warning({
      title: SIGN_OUT_QUESTION,
      content:
        'Your tokens are removed from this computer and every offline copy is deleted. ' +
        'You can sign in and sync again later.',
      positiveText: 'Sign out and delete',
      negativeText: 'Cancel',
      // Returning the promise keeps the button busy until main has finished wiping.
      onPositiveClick: () => signOut(),
    })
  }

  return { confirmSignOut, signOut }
}
