import { watch } from 'vue'
import { useNotification } from 'naive-ui'
import { useNetworkStore } from '@renderer/stores/network'
import { useSessionStore } from '@renderer/stores/session'

/** Things worth a notification once: secrets not in the keychain, the connection coming back. */
export function useSessionNotices(): void {
  const notification = useNotification()
  const session = useSessionStore()
  const network = useNetworkStore()
  let warned: string | null = null

  watch(
    () => session.status?.secretStoreWarning,
    (warning) => {
      if (!warning || warning === warned) return
      warned = warning
      notification.warning({
        title: 'Sign-in is kept for this run only',
        content: warning,
        duration: 12000,
        keepAliveOnHover: true,
      })
    },
  )

  watch(
    () => network.online,
    (online, was) => {
      if (online && was === false)
        notification.success({
          title: 'Back online',
          content: 'The API answers again.',
          duration: 4000,
        })
    },
  )
}
