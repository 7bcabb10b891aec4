/**
 * The orders a batch job could not update, where its status says so. The spec's batch status
 * holds only a message and counts; real payloads add fields, so a list of failed orders is read
 * under any of the names such lists go by, each entry an order id or an object naming one, with
 * the platform's reason when it gave one. Anything else is skipped, never a failed poll.
 */
export interface JobFailure {
  orderId: number
  /** The platform's reason; '' when it gave none. */
  message: string
}

const LIST_KEYS = ['errors', 'failed_orders', 'failures', 'failed'] as const
const ID_KEYS = ['order_id', 'orderId', 'order', 'id'] as const
const MESSAGE_KEYS = ['message', 'error', 'reason', 'detail'] as const
/** A job of 100,000 failed orders is one problem to look at, not 100,000 lines. */
const MAX_FAILURES = 1000

function idOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value)
  if (typeof value === 'object' && value !== null) return idOf((value as { id?: unknown }).id)
  return null
}

function failureOf(entry: unknown): JobFailure | null {
  const direct = idOf(entry)
  if (direct !== null && typeof entry !== 'object') return { orderId: direct, message: '' }
  if (typeof entry !== 'object' || entry === null) return null
  const record = entry as Record<string, unknown>
  const key = ID_KEYS.find((name) => idOf(record[name]) !== null)
  if (key === undefined) return null
  const text = MESSAGE_KEYS.map((name) => record[name]).find((v) => typeof v === 'string')
  return { orderId: idOf(record[key]) as number, message: ((text as string) ?? '').trim() }
}

export function jobFailures(status: unknown): JobFailure[] {
  if (typeof status !== 'object' || status === null) return []
  const record = status as Record<string, unknown>
  const list = LIST_KEYS.map((key) => record[key]).find(Array.isArray)
  if (!list) return []
  const failures: JobFailure[] = []
  for (const entry of list) {
    const failure = failureOf(entry)
    if (failure !== null) failures.push(failure)
    if (failures.length === MAX_FAILURES) break
  }
  return failures
}
