import { ref } from 'vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useSessionStore } from '@renderer/stores/session'

/** "Try the demo": the simulator starts in main, then its first campaign opens and syncs. */
export function useDemo() {
  const session = useSessionStore()
  const campaigns = useCampaignsStore()
  const starting = ref(false)

  async function tryDemo(): Promise<void> {
    starting.value = true
    try {
      const demo = await session.startDemo()
      const first = demo?.campaignIds[0]
      if (first === undefined) return
      campaigns.open(first)
      void campaigns.sync(first)
    } finally {
      starting.value = false
    }
  }

  return { starting, tryDemo }
}
