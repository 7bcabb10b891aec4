import { onBeforeUnmount, onMounted, ref } from 'vue'
import type { Ref } from 'vue'

/** The current time, refreshed every `intervalMs`, so "5 minutes ago" does not go stale. */
export function useNow(intervalMs = 30_000): Readonly<Ref<number>> {
  const now = ref(Date.now())
  let timer: ReturnType<typeof setInterval> | undefined
  onMounted(() => {
    timer = setInterval(() => (now.value = Date.now()), intervalMs)
  })
  onBeforeUnmount(() => clearInterval(timer))
  return now
}
