import { onBeforeUnmount, ref, watch } from 'vue'

/**
 * A text field that commits after `delay()` ms of quiet typing, or at once on `flush()` (Enter).
 * It follows `source` (the committed value, which a store may reset) unless the person is typing.
 */
export function useDebouncedText(
  source: () => string,
  delay: () => number,
  commit: (text: string) => void,
) {
  const text = ref(source())
  let timer: ReturnType<typeof setTimeout> | undefined

  watch(source, (value) => {
    if (timer === undefined) text.value = value
  })

  function flush(): void {
    clearTimeout(timer)
    timer = undefined
    if (text.value !== source()) commit(text.value)
  }

  function input(value: string): void {
    text.value = value
    clearTimeout(timer)
    timer = setTimeout(flush, delay())
  }

  onBeforeUnmount(() => clearTimeout(timer))

  return { text, input, flush }
}
