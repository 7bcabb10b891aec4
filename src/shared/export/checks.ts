import type { CampaignContribution } from '../api/schemas'
import { flaggedCountText, orderNumberText, shippableFlaggedItems } from '../fulfillment'
import type { FlaggedItem } from '../fulfillment'
import { problemRowName } from '../problems/report'
import type { ProblemRowRef } from '../problems/report'
import {
  incompleteAddress,
  missingAddress,
  missingPhoneInternational,
  nonLatinAddress,
  nothingToShip,
} from './address-checks'
import { plural } from './check-text'
import { packedButStoppedText } from '../floor/pack-checks'
import { possibleDuplicates } from './duplicate-check'
import { stopStatusCheck } from './stop-status-check'
import { hiddenDirectionCharacters } from './direction-check'
import { ordersCheck, PRE_PRINT_CHECK_ORDER } from './pre-print-check'
import type { PrePrintCheck } from './pre-print-check'
import { catalogChecks } from '../catalog/catalog-checks'
import type { Catalog } from '../catalog/catalog-model'

export { countryCode } from '../address/countries'

export type { PrePrintCheck, PrePrintCheckId, PrePrintSeverity } from './pre-print-check'

export interface PrePrintContext {
  now: Date
  /** ISO 8601 time of the last sync; null when the data has never been synced (e.g. imported). */
  lastSyncedAt: string | null
  /** Default 24. */
  staleAfterHours?: number
  /** ISO 3166-1 alpha-2 code of the country parcels leave from. Default 'US'. */
  senderCountry?: string
  /** Whether the snapshot was synced with a team member's access token (addresses visible). */
  privileged: boolean
  /** Contributions of the snapshot that could not be read (problem rows); none when absent. */
  problemRows?: readonly ProblemRowRef[]
  /**
   * Contribution ids of packed orders, anywhere in the campaign, whose status at the last sync
   * does not ship (shared/floor/pack-checks.ts packedButStopped).
   */
  packedButStopped?: readonly number[]
  /**
   * The dashboard file the offline copy was imported from (no API sync): its checks say to
   * import a newer file, not to sync.
   */
  importedFrom?: string | null
  /**
   * Contribution ids of the selection's orders whose platform address changed after a person
   * corrected it (shared/corrections/floor-overlay.ts addressChangedOnPlatform).
   */
  addressChangedOnPlatform?: readonly number[]
  /** The SKU catalogue: its weight and customs checks run when it has items. */
  catalog?: Catalog
  /** The campaign's currency (ISO 4217), for customs values taken from the pledge. Default USD. */
  currency?: string
}

export const DEFAULT_STALE_AFTER_HOURS = 24
export const DEFAULT_SENDER_COUNTRY = 'US'

const HOUR_MS = 3_600_000

/**
 * Boxes on the outgoing pile that must not leave, whatever the selection: a refunded order is
 * usually out of the selection being printed, and its packed box is exactly what gets forgotten.
 */
function packedButStoppedCheck(ids: readonly number[] | undefined): PrePrintCheck | null {
  return ordersCheck(
    {
      id: 'packed-but-stopped',
      title: 'Packed, now with a status that does not ship',
      severity: 'error',
    },
    [...(ids ?? [])],
    packedButStoppedText,
  )
}

/**
 * A correction made against a platform address that has changed since: the parcel goes to the
 * corrected address until a person looks at both and keeps one; PerkPack does not choose.
 */
function addressChangedCheck(ids: readonly number[] | undefined): PrePrintCheck | null {
  return ordersCheck(
    {
      id: 'address-changed-on-platform',
      title: 'Address changed on the platform after your correction',
      severity: 'warning',
    },
    [...(ids ?? [])],
    (n) =>
      `${plural(n, 'order')} ${n === 1 ? 'has' : 'have'} a new address on the platform since ${n === 1 ? 'its' : 'their'} address was corrected here. Labels and slips use the corrected address: open ${n === 1 ? 'the order' : 'each order'}, compare both addresses and keep one.`,
  )
}

/** Orders named in the items-by-hand sentence; the rest are counted. */
const BY_HAND_NAMED = 10

/**
 * Items PerkPack cannot read (no SKU, no quantity, ...) in parcels about to go out: the orders
 * ship, and the packer must look for those items by hand: "1 item without a SKU: #2041".
 */
function itemsByHand(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  const ids: number[] = []
  const named: string[] = []
  const items: FlaggedItem['item'][] = []
  for (const row of rows) {
    const flagged = shippableFlaggedItems(row)
    if (flagged.length === 0) continue
    ids.push(row.id)
    named.push(orderNumberText(row.order))
    for (const { item } of flagged) items.push(item)
  }
  const more = named.length > BY_HAND_NAMED ? ` and ${named.length - BY_HAND_NAMED} more` : ''
  return ordersCheck(
    { id: 'items-by-hand', title: 'Items to check by hand', severity: 'warning' },
    ids,
    (n) =>
      `${flaggedCountText(items)}: ${named.slice(0, BY_HAND_NAMED).join(', ')}${more}. ` +
      `${n === 1 ? 'The order ships' : 'The orders ship'}; the packing slip and the pack station ` +
      `list ${items.length === 1 ? 'the item' : 'each item'} to check by hand.`,
  )
}

/** Problem rows named in the check's sentence; the rest are counted. */
const PROBLEM_ROWS_NAMED = 10

/**
 * Rows of the sync PerkPack could not read are in no selection, pick list or export: worth a
 * look before anything ships, not a reason to stop (each is listed under Orders).
 */
/** How the data is brought up to date: a sync, or for an imported copy a newer dashboard file. */
function refreshText(importedFrom: string | null | undefined): string {
  return importedFrom ? "import a new export of the dashboard's contributions file" : 'sync again'
}

function unreadableRows(
  rows: readonly ProblemRowRef[] | undefined,
  importedFrom?: string | null,
): PrePrintCheck | null {
  if (!rows || rows.length === 0) return null
  const named = rows.slice(0, PROBLEM_ROWS_NAMED).map(problemRowName).join(', ')
  const more =
    rows.length > PROBLEM_ROWS_NAMED ? ` and ${rows.length - PROBLEM_ROWS_NAMED} more` : ''
  return {
    id: 'problem-rows',
    title: 'Contributions that could not be read',
    severity: 'warning',
    count: rows.length,
    contributionIds: [],
    detail: `${plural(rows.length, 'contribution')} could not be read (${named}${more}): ${
      rows.length === 1 ? 'it is' : 'they are'
    } in no selection, pick list or export. Fix ${
      rows.length === 1 ? 'it' : 'them'
    } on the platform and ${refreshText(importedFrom)}, or ship by hand.`,
  }
}

function ageText(hours: number): string {
  if (hours < 48) return plural(Math.floor(hours), 'hour')
  return plural(Math.floor(hours / 24), 'day')
}

function staleData(
  rows: readonly CampaignContribution[],
  context: PrePrintContext,
): PrePrintCheck | null {
  const limitHours = context.staleAfterHours ?? DEFAULT_STALE_AFTER_HOURS
  const syncedAt = context.lastSyncedAt === null ? NaN : Date.parse(context.lastSyncedAt)
  if (Number.isNaN(syncedAt)) {
    // Imported data has no sync time: worth knowing, not worth stopping for.
    return {
      id: 'stale-data',
      title: 'Data age unknown',
      severity: 'info',
      count: rows.length,
      contributionIds: [],
      detail: 'Never synced: the age of this data is unknown. Sync to be sure it is current.',
    }
  }
  const ageHours = (context.now.getTime() - syncedAt) / HOUR_MS
  // Strictly older: data exactly at the threshold is still within it.
  if (!(ageHours > limitHours)) return null
  return {
    id: 'stale-data',
    title: 'Data may be out of date',
    severity: 'warning',
    count: rows.length,
    contributionIds: [],
    detail: `${context.importedFrom ? `Imported from ${context.importedFrom}` : 'Last synced'} ${ageText(ageHours)} ago: ${refreshText(context.importedFrom)} so refunds, holds and address changes since then are included.`,
  }
}

/**
 * What to look at before printing or exporting `contributions` (the selection about to go out).
 * Only checks that found something are returned, in `PRE_PRINT_CHECK_ORDER`. Pure: the clock
 * and the sync time come in through `context`.
 */
export function runPrePrintChecks(
  contributions: readonly CampaignContribution[],
  context: PrePrintContext,
): PrePrintCheck[] {
  const found: (PrePrintCheck | null)[] = [
    packedButStoppedCheck(context.packedButStopped),
    addressChangedCheck(context.addressChangedOnPlatform),
    missingAddress(contributions, context.privileged),
    nothingToShip(contributions),
    stopStatusCheck(contributions),
    incompleteAddress(contributions, context.senderCountry ?? DEFAULT_SENDER_COUNTRY),
    itemsByHand(contributions),
    unreadableRows(context.problemRows, context.importedFrom),
    possibleDuplicates(contributions),
    nonLatinAddress(contributions),
    hiddenDirectionCharacters(contributions),
    missingPhoneInternational(contributions, context.senderCountry ?? DEFAULT_SENDER_COUNTRY),
    staleData(contributions, context),
    ...(context.catalog
      ? catalogChecks(contributions, {
          catalog: context.catalog,
          senderCountry: context.senderCountry ?? DEFAULT_SENDER_COUNTRY,
          currency: context.currency ?? 'USD',
        })
      : []),
  ]
  return found
    .filter((check): check is PrePrintCheck => check !== null)
    .sort((a, b) => PRE_PRINT_CHECK_ORDER.indexOf(a.id) - PRE_PRINT_CHECK_ORDER.indexOf(b.id))
}

export interface CheckExportRow {
  title: string
  count: number
  detail: string
}

/** Rows of the "Checks" sheet of an export: what was found when the file was written. */
export function checksAsExportRows(checks: readonly PrePrintCheck[]): CheckExportRow[] {
  return checks.map((check) => ({ title: check.title, count: check.count, detail: check.detail }))
}
