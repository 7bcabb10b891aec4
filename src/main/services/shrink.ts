import { PerkPackError } from './perkpack-errors'

/**
 * A sync whose readable orders fall under this share of the offline copy's is held back: a wrong
 * base URL, a half-answering server or a filter left on must not wipe what the team works from.
 */
const SHRINK_THRESHOLD = 0.9

/** Whether `incoming` good rows would replace `current` ones by far fewer (never for a first sync). */
export function isShrink(current: number, incoming: number): boolean {
  return current > 0 && incoming < current * SHRINK_THRESHOLD
}

export interface ShrinkCounts {
  campaignId: number
  /** Readable contributions of the offline copy that would be replaced. */
  currentCount: number
  /** Readable contributions this sync found. */
  incomingCount: number
  /** Rows this sync could not read (not counted in `incomingCount`). */
  incomingProblemCount: number
}

/** "812 of 1,000 (81 %)" */
function shrinkRatioText({ currentCount, incomingCount }: ShrinkCounts): string {
  const percent = Math.floor((incomingCount / currentCount) * 100)
  return `${incomingCount.toLocaleString('en')} orders, the offline copy holds ${currentCount.toLocaleString('en')} (${percent} %)`
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

  constructor(
    counts: ShrinkCounts,
    private readonly decision: { accept(): R; decline(): void },
  ) {
    super(
      'sync_shrank',
      `This sync of campaign ${counts.campaignId} found ${shrinkRatioText(counts)}. ` +
        'The offline copy was kept: a wrong address, a server answering in part or a filter ' +
        'can make a campaign look smaller than it is. Replace it only if the campaign really ' +
        'holds fewer orders now.',
    )
    this.campaignId = counts.campaignId
    this.currentCount = counts.currentCount
    this.incomingCount = counts.incomingCount
    this.incomingProblemCount = counts.incomingProblemCount
  }

  get counts(): ShrinkCounts {
    return {
      campaignId: this.campaignId,
      currentCount: this.currentCount,
      incomingCount: this.incomingCount,
      incomingProblemCount: this.incomingProblemCount,
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
