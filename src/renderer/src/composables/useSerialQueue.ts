import { ref } from 'vue'

/**
 * One action at a time, in the order asked: a keyboard-wedge scanner types faster than main
 * answers, and a code must act on the state the one before it left. A failed action goes to
 * `failed` and the queue goes on; `busy` is true while one runs.
 */
export function useSerialQueue(failed: (error: unknown) => void) {
  const busy = ref(false)
  let queue: Promise<unknown> = Promise.resolve()

  function serial<T>(run: () => Promise<T>): Promise<T | undefined> {
    const next = queue.then(async () => {
      busy.value = true
      try {
        return await run()
      } catch (e) {
        failed(e)
        return undefined
      } finally {
        busy.value = false
      }
    })
    queue = next
    return next
  }

  return { busy, serial }
}
