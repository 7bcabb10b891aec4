import { watch } from 'vue'
import { useNotification } from 'naive-ui'
import { useNetworkStore } from '@renderer/stores/network'
import { useSessionStore } from '@renderer/stores/session'

/**
 * Things worth a notification once: secrets not in the keychain, a settings.json that could not
 * be read (the defaults in use may mean this desk left its team store), the connection coming back.
 */
export function useSessionNotices(): void {
  const notification = useNotification()
  const session = useSessionStore()
  const network = useNetworkStore()

  const warnOnce = (warning: () => string | null | undefined, title: string, duration?: number) => {
    let warned: string | null = null
    watch(warning, (text) => {
      if (!text || text === warned) return
      warned = text
      notification.warning({ title, content: text, keepAliveOnHover: true, duration })
    })
  }
  warnOnce(() => session.status?.secretStoreWarning, 'Sign-in is kept for this run only', 12000)
  warnOnce(() => session.status?.settingsWarning, 'settings.json could not be read')

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
