import { computed, reactive, ref } from 'vue'
import type { ReshipItem } from '@shared/corrections/correction-types'
import type { OrderLine } from '@shared/fulfillment'
import { variantText } from '@renderer/lib/perk-labels'

/** A fresh key per opened form: main makes one reship per key (a double submit makes one). */
function newRequestKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

/**
 * The reship form's state: how many of each of the order's items go in the second parcel (the
 * whole order at first: a lost parcel), the reason, and what is still missing. The same rule
 * (`reshipItemsProblem`) is checked again in main.
 */
export function useReshipForm(lines: () => readonly OrderLine[]) {
  const quantities = reactive<Record<string, number>>({})
  const reason = ref('')
  const requestKey = ref(newRequestKey())
  /** Set once the form is sent: a second Enter or click sends nothing until it is opened again. */
  const sent = ref(false)

  const rows = computed(() =>
    lines().map((line) => ({
      key: line.key,
      text: variantText(line),
      ordered: line.quantity,
    })),
  )

  function reset(): void {
    for (const key of Object.keys(quantities)) delete quantities[key]
    for (const line of lines()) quantities[line.key] = line.quantity
    reason.value = ''
    requestKey.value = newRequestKey()
    sent.value = false
  }
  reset()

  const items = computed<ReshipItem[]>(() =>
    rows.value
      .map((row) => ({ variantKey: row.key, quantity: Math.trunc(quantities[row.key] ?? 0) }))
      .filter((item) => item.quantity > 0),
  )
  const units = computed(() => items.value.reduce((sum, item) => sum + item.quantity, 0))
  const missing = computed(() => {
    if (items.value.length === 0) return 'Pick at least one item for the parcel.'
    if (reason.value.trim() === '') return 'Say why (lost, damaged), for the next person.'
    return null
  })

  /** What to send, once: null when something is missing or it was sent already. */
  function take(): { items: ReshipItem[]; reason: string; requestKey: string } | null {
    if (sent.value || missing.value !== null) return null
    sent.value = true
    return { items: items.value, reason: reason.value.trim(), requestKey: requestKey.value }
  }

  return { quantities, reason, rows, items, units, missing, sent, take, reset }
}
