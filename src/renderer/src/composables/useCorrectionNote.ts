import { ref } from 'vue'
import type { Ref } from 'vue'
import type { Corrected } from '@shared/format/corrections'

/**
 * What a number field did with a value out of its range: naive-ui's input brings it within its
 * min and max when the field loses focus, without a word. This keeps what was typed and, on
 * blur, the sentence `correct` makes of it ("Start position 40 is past the sheet's 30 labels:
 * starting at 30."), shown under the field until the next keystroke. `note` may be the field's
 * own model, so a parent can set a sentence of its own there too.
 */
export function useCorrectionNote(
  correct: (typed: number) => Corrected,
  note: Ref<string | null> = ref(null),
) {
  let typed: string | null = null

  function onInput(event: Event): void {
    typed = (event.target as HTMLInputElement | null)?.value ?? null
    note.value = null
  }

  function onBlur(): void {
    const text = typed?.trim() ?? ''
    typed = null
    const value = Number(text)
    if (text === '' || !Number.isFinite(value)) return
    note.value = correct(value).note
  }

  return { note, onInput, onBlur }
}
