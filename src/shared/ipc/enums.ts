/**
 * The closed sets of values that cross a boundary (IPC, settings.json, the print core, the CLI),
 * each declared once as a tuple: the zod schemas check against it, the types are read from it,
 * and a member added here is known everywhere at once.
 */

export const THEME_SETTINGS = ['light', 'dark', 'system'] as const
export type ThemeSetting = (typeof THEME_SETTINGS)[number]

/** Label stocks the print core lays out (src/main/core/print/layouts.ts). */
export const LABEL_LAYOUT_IDS = ['avery5160', 'averyL7160', 'thermal4x6'] as const
export type LabelLayoutId = (typeof LABEL_LAYOUT_IDS)[number]

/** Labels grouped by SKU variant (pick order) or in sequence-number order. */
export const LABEL_ORDERS = ['variant', 'sequence'] as const
export type LabelOrder = (typeof LABEL_ORDERS)[number]

export const SLIP_PAPERS = ['letter', 'a4'] as const
export type SlipPaper = (typeof SLIP_PAPERS)[number]

export const SHIPPER_CSV_FORMATS = ['generic', 'shipstation', 'pirateship'] as const
export type ShipperCsvFormat = (typeof SHIPPER_CSV_FORMATS)[number]

/** The files the sign-up list is exported as (docs/exports.md). */
export const SIGNUPS_FILE_FORMATS = ['csv', 'xlsx'] as const
export type SignupsFileFormat = (typeof SIGNUPS_FILE_FORMATS)[number]

/** Shippers' tracking exports PerkPack reads (docs/fulfillment-floor.md). */
export const TRACKING_FORMATS = ['generic', 'shipstation', 'pirateship'] as const
export type TrackingFormat = (typeof TRACKING_FORMATS)[number]

/** "Replace with the smaller copy" or "Keep the current copy". */
export const SHRINK_CHOICES = ['replace', 'keep'] as const
export type ShrinkChoice = (typeof SHRINK_CHOICES)[number]

export const SYNC_PHASES = ['walking', 'catching-up', 'rewalking', 'saving', 'done'] as const
export type SyncPhase = (typeof SYNC_PHASES)[number]

export const EXPORT_KINDS = ['excel', 'csv', 'labels', 'slips'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

/** Where the API URLs came from, so the UI can say why it talks to a non-default host. */
export const TARGET_SOURCES = ['default', 'environment', 'settings'] as const
export type TargetSource = (typeof TARGET_SOURCES)[number]

/** Whether `value` is one of `values`: narrows text read from a file or a command line. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value)
}
