import type { CampaignContribution, OrderStatusText } from '../shared/api/schemas'
import { countStatuses, parseStatusList, unknownStatuses } from '../shared/fulfillment'
import type { StatusCount } from '../shared/fulfillment'
import { UsageError } from '../main/core/system/perkpack-errors'
import { plural } from '../shared/export/check-text'

/**
 * The --status list. Statuses PerkPack does not know are accepted when the campaign's orders
 * carry them (`rows`), so the orders an odd status hides can be listed and exported.
 */
export function statusesFrom(
  value: string | undefined,
  fallback: readonly OrderStatusText[],
  rows: readonly CampaignContribution[],
): readonly OrderStatusText[] {
  if (value === undefined) return fallback
  if (value.trim().toLowerCase() === 'all') return []
  try {
    return parseStatusList(value, unknownStatuses(countStatuses(rows)))
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

const ordersWord = (n: number) => plural(n, 'order')
const countList = (counts: readonly StatusCount[]) =>
  counts.map((c) => `${c.status} (${c.count})`).join(', ')

/**
 * Lines (for stderr) on the orders whose status PerkPack does not know: how many the selection
 * holds, and how many it leaves out and how to take them in. None when every status is known.
 * For an output that ships (`ships`: labels, slips, the pick list, the shipper CSV) such orders
 * never go out, whatever --status says (their status does not ship): the notes say so instead
 * of how to take them in, and leave those the selection holds to the pre-print checks when
 * they ran (`checked`), which name them already.
 */
export function unknownStatusNotes(
  cached: readonly CampaignContribution[],
  statuses: readonly OrderStatusText[],
  { ships = false, checked = false }: { ships?: boolean; checked?: boolean } = {},
): string[] {
  const odd = countStatuses(cached).filter((c) => !c.known)
  const taken = odd.filter((c) => statuses.length === 0 || statuses.includes(c.status))
  const left = odd.filter((c) => !taken.includes(c))
  const total = (counts: readonly StatusCount[]) => counts.reduce((sum, c) => sum + c.count, 0)
  const notes: string[] = []
  if (taken.length > 0 && !(ships && checked)) {
    notes.push(
      `${ordersWord(total(taken))} with a status PerkPack does not know, kept as sent: ${countList(taken)}.${
        ships ? ' Their status does not ship: they are left out.' : ''
      }`,
    )
  }
  if (left.length > 0) {
    const all = [...statuses, ...left.map((c) => c.status)].join(',')
    notes.push(
      `${ordersWord(total(left))} with a status PerkPack does not know left out: ${countList(left)}. ${
        ships ? 'Their status does not ship.' : `Include them with --status ${all}.`
      }`,
    )
  }
  return notes
}
