import { computed, reactive, watch } from 'vue'
import type { WatchSource } from 'vue'
import { readCatalogItemText, readPackagingText } from '@shared/catalog'
import type { CatalogRowText } from '@shared/catalog'

/**
 * The drawer's fields as typed, checked as typed with the rule main and the CSV reader use
 * (shared/catalog readCatalogItemText): the problem shown is the one saving would give.
 * `start` gives the fields each time the drawer opens on another row.
 */
export function useCatalogRowForm(
  kind: 'item' | 'packaging',
  start: WatchSource<CatalogRowText | null>,
) {
  const fields = reactive<CatalogRowText>({})
  watch(
    start,
    (texts) => {
      for (const key of Object.keys(fields) as (keyof CatalogRowText)[]) delete fields[key]
      Object.assign(fields, texts ?? {})
    },
    { immediate: true },
  )
  const read = computed(() =>
    kind === 'item' ? readCatalogItemText({ ...fields }) : readPackagingText({ ...fields }),
  )
  const problem = computed(() => ('problem' in read.value ? read.value.problem : null))
  return { fields, problem }
}
