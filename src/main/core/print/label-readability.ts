import type { CampaignContribution } from '../../../shared/api/schemas'
import { isRollLayout } from '../../../shared/export/label-words'
import type { LabelOptions } from './labels'
import { planLabels } from './labels'

/**
 * Below this an address on a sheet label is hard for a courier to read. The sheet layouts shrink
 * an address down to 6 pt (and an unfit one below that); the same addresses print at 11 pt and
 * more on 4×6, which is what the label panel suggests for them.
 */
export const READABLE_PT = 7

export interface SmallAddress {
  contributionId: number
  sequenceNumber: number | null
  /** The size the layout fell to, in points. */
  fontPt: number
}

/**
 * The labels of `orders` whose address the sheet layout fits only below READABLE_PT (Arabic
 * addresses, long ones), in label order; none on a 4×6 roll. Every address is fitted, which is
 * most of the cost of the labels: ask once per selection and layout, apart from the preview.
 */
export function smallAddresses(
  orders: readonly CampaignContribution[],
  options: LabelOptions,
): SmallAddress[] {
  if (isRollLayout(options.layout)) return []
  const every: LabelOptions = { ...options, startAt: 1 }
  delete every.maxSheets
  const plan = planLabels(orders, every)
  return plan.placed
    .filter((label) => label.fit.fontPt < READABLE_PT)
    .map(({ contributionId, sequenceNumber, fit }) => ({
      contributionId,
      sequenceNumber,
      fontPt: fit.fontPt,
    }))
}
