import { hiddenCauseText, hiddenFixText } from '../../../shared/api/hidden-fields-text'
import type { AddressesHiddenBy } from '../../../shared/api/hidden-fields-text'
import type { ShrinkPending } from '../../../shared/ipc/results'
import { PerkPackError } from '../system/perkpack-errors'

/**
 * A sync whose readable orders fall under this share of the offline copy's is held back: a wrong
 * base URL, a half-answering server or a filter left on must not wipe what the team works from.
 */
const SHRINK_THRESHOLD = 0.9

/** Whether `incoming` good rows would replace `current` ones by far fewer (never for a first sync). */
export function isShrink(current: number, incoming: number): boolean {
  return current > 0 && incoming < current * SHRINK_THRESHOLD
}

/** Readable orders of a copy, and whether it holds e-mails and addresses. */
export interface CopyShape {
  count: number
  privileged: boolean
}

/** Why a sync is held for the person's word: far fewer orders, addresses lost, or both. */
export type HoldReasons = Pick<ShrinkCounts, 'fewerOrders' | 'addressesLost'>

/**
 * Whether a sync that would replace the offline copy `current` by `incoming` must wait for the
 * person's word, and why; null when it may be committed. `signedIn`: the session had a person's
 * sign-in (then a copy without addresses means the account is not on the team), rather than an
 * API token only. A first sync (nothing stored) is never held.
 */
export function holdBack(
  current: CopyShape,
  incoming: CopyShape,
  signedIn: boolean,
): HoldReasons | null {
  const fewerOrders = isShrink(current.count, incoming.count)
  const addressesLost =
    current.privileged && !incoming.privileged && current.count > 0
      ? signedIn
        ? ('not-on-team' as const)
        : ('api-token-only' as const)
      : null
  return fewerOrders || addressesLost !== null ? { fewerOrders, addressesLost } : null
}

/** What a held sync found: the IPC's ShrinkPending, one shape for main, the CLI and the app. */
export type ShrinkCounts = ShrinkPending

/** "812 of 1,000 (81 %)" */
function shrinkRatioText({ currentCount, incomingCount }: ShrinkCounts): string {
  const percent = Math.floor((incomingCount / currentCount) * 100)
  return `${incomingCount.toLocaleString('en')} orders, the offline copy holds ${currentCount.toLocaleString('en')} (${percent} %)`
}

/** Why the copy was kept, and when to replace it anyway. */
function heldText(counts: ShrinkCounts): string {
  const kept = `This sync of campaign ${counts.campaignId}`
  const cause = counts.addressesLost
  const hidden =
    cause === null ? '' : `received no e-mails or shipping addresses (${hiddenCauseText(cause)})`
  if (!counts.fewerOrders && cause !== null) {
    return (
      `${kept} ${hidden}, and the offline copy has them. The offline copy was kept. ` +
      `${hiddenFixText(cause)} Replace it only if the copy should no longer hold them.`
    )
  }
  return (
    `${kept} found ${shrinkRatioText(counts)}${cause === null ? '' : `, and ${hidden}`}. ` +
    'The offline copy was kept: a wrong address, a server answering in part or a filter ' +
    'can make a campaign look smaller than it is. Replace it only if the campaign really ' +
    `holds fewer orders now.${cause === null ? '' : ` ${hiddenFixText(cause)}`}`
  )
}

/**
 * Thrown by `syncCampaign` instead of committing a much smaller snapshot. The new rows stay
 * staged (nothing stored changed) until `accept()` commits them or `decline()` drops them. The
 * offline cache drops them too when it is closed or another sync of the campaign starts, so a
 * decision never taken leaves nothing behind.
 */
export class SnapshotShrank<R> extends PerkPackError implements ShrinkCounts {
  override name = 'SnapshotShrank'
  readonly campaignId: number
  readonly currentCount: number
  readonly incomingCount: number
  readonly incomingProblemCount: number
  readonly fewerOrders: boolean
  readonly addressesLost: AddressesHiddenBy | null

  constructor(
    counts: ShrinkCounts,
    private readonly decision: { accept(): R; decline(): void },
  ) {
    super('sync_shrank', heldText(counts))
    this.campaignId = counts.campaignId
    this.currentCount = counts.currentCount
    this.incomingCount = counts.incomingCount
    this.incomingProblemCount = counts.incomingProblemCount
    this.fewerOrders = counts.fewerOrders
    this.addressesLost = counts.addressesLost
  }

  get counts(): ShrinkCounts {
    return {
      campaignId: this.campaignId,
      currentCount: this.currentCount,
      incomingCount: this.incomingCount,
      incomingProblemCount: this.incomingProblemCount,
      fewerOrders: this.fewerOrders,
      addressesLost: this.addressesLost,
    }
  }

  /** Commits the smaller snapshot; throws when the staged rows are gone (see above). */
  accept(): R {
    return this.decision.accept()
  }

  /** Drops the staged rows; the offline copy stays as it is. Safe to call more than once. */
  decline(): void {
    this.decision.decline()
  }
}
