import { shallowReactive, toRef } from 'vue'
import type { RequestOutcome } from '@renderer/lib/track-request'
import { useLatestRequest } from './useLatestRequest'

/**
 * The answer to the latest request for one thing (a preview, the checks), with its loading flag
 * and its error, as one object a store exposes and a component takes as one prop.
 */
export interface LatestAnswer<T> {
  /** The last answer; kept while a newer request runs and when that one fails. */
  value: T | null
  /** True from a request's start until the latest request settles. */
  loading: boolean
  /** Main's message when the latest request failed; cleared by the next answer. */
  error: string | null
}

/**
 * `useLatestRequest` for a store field that only shows the latest answer:
 *
 *     const preview = useLatestAnswer<SlipsPreview>()
 *     await preview.load(() => api().previewSlips(request), (answer) => pickBatch(answer))
 *     preview.clear() // nothing selected: no answer, and the ones in flight are dropped
 *     return { preview: preview.state }
 *
 * Shallow: an answer is replaced whole, never changed in place.
 */
export function useLatestAnswer<T>() {
  const state = shallowReactive<LatestAnswer<T>>({ value: null, loading: false, error: null })
  const requests = useLatestRequest()

  /** Runs `call`; its answer, if still the latest, replaces the value and then `onAnswer` runs. */
  function load(
    call: () => Promise<T>,
    onAnswer?: (value: T) => unknown,
  ): Promise<RequestOutcome<T> | null> {
    return requests.run(call, {
      busy: toRef(state, 'loading'),
      apply: (value) => {
        state.value = value
        state.error = null
        return onAnswer?.(value)
      },
      failed: ({ message }) => (state.error = message),
    })
  }

  /** Nothing to ask about: the requests in flight lose their say, and nothing is shown. */
  function clear(): void {
    requests.drop()
    state.value = null
    state.error = null
    state.loading = false
  }

  return { state, load, clear }
}
