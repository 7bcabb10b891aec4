import { ref } from 'vue'
import { useDialog, useMessage } from 'naive-ui'
import type { TeamQueuedLeft } from '@shared/ipc'
import { plural } from '@shared/format/counts'
import { useNavigationStore } from '@renderer/stores/navigation'
import { resetStoresOnSignOut } from '@renderer/stores/reset-on-sign-out'
import { useSessionStore } from '@renderer/stores/session'
import { useTeamStore } from '@renderer/stores/team'

export const SIGN_OUT_QUESTION = 'Sign out and delete the offline copy?'
export const SIGN_OUT_LOSES_QUEUED = 'Queued actions would be lost'

/** What the desk still holds for the team store, in the words of the pack station. */
function queuedText({ actions, packs }: TeamQueuedLeft): string {
  const what =
    packs > 0
      ? `${plural(actions, 'action')} (${plural(packs, 'pack')})`
      : plural(actions, 'action')
  return (
    `This desk holds ${what} the team store has not received yet: it cannot be reached. ` +
    'Signing out deletes them with the offline copy' +
    (packs > 0 ? ', and another desk could pack those parcels again. ' : '. ') +
    'Keep waiting until the team store is back (Progress shows the queue), or sign out anyway.'
  )
}

/**
 * Sign-out wipes secrets and every cached campaign, so it always asks first. In team mode the
 * offline copy also holds the actions queued for the team store: main sends them first, and
 * whatever is still queued is named, with waiting as the default answer.
 */
export function useSignOut() {
  const dialog = useDialog()
  const message = useMessage()
  const session = useSessionStore()
  /** True while main tries to send the queued actions, before the dialog opens. */
  const checking = ref(false)

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

  /** Null: main could not say; the plain question then, as before team mode. */
  async function queuedLeft(): Promise<TeamQueuedLeft | null> {
    checking.value = true
    try {
      return await useTeamStore().sendQueued()
    } finally {
      checking.value = false
    }
  }

  async function confirmSignOut(): Promise<void> {
    const left = await queuedLeft()
    if (left && left.actions > 0) {
      dialog.error({
        title: SIGN_OUT_LOSES_QUEUED,
        content: queuedText(left),
        positiveText: 'Keep waiting',
        negativeText: 'Sign out and lose them',
        onNegativeClick: () => signOut(),
      })
      return
    }
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

  return { checking, confirmSignOut, signOut }
}
