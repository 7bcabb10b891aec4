import { z } from 'zod'
import {
  concurrencySchema,
  flag,
  httpUrl,
  labelOrderSchema,
  layoutSchema,
  offsetSchema,
  paperSchema,
  senderCountrySchema,
  slipBatchSizeSchema,
  staleHoursSchema,
  stationNameSchema,
  text,
  themeSchema,
} from './field-schemas'
import { MAX_FOOTER_NOTE } from './limits'
import { teamUrlSchema } from './team-schemas'
import { returnAddressSchema } from '../address/return-address'

// The arguments of settings:*.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

const appSettingsSchema = z.strictObject({
  /** Data API, e.g. https://api.indiegogo.com (paths under /2/ are appended). */
  baseUrl: httpUrl('API base URL'),
  /** Token endpoint is `${authUrl}/oauth/token`. */
  authUrl: httpUrl('Auth URL'),
  /** Pages fetched at once during a sync. */
  concurrency: concurrencySchema,
  theme: themeSchema,
  /** Label stock "Print & export" starts with. */
  labelLayout: layoutSchema,
  /** Printer calibration: every label shifted right (x) and down (y), in millimetres. */
  labelOffsetMm: offsetSchema,
  labelOrder: labelOrderSchema,
  /** The small "#sequence · SKUs" line at the foot of each label. */
  labelSummary: flag('Show order line'),
  slipPaper: paperSchema,
  /** Packing slips per PDF file or print job. */
  slipBatchSize: slipBatchSizeSchema,
  /** Printed at the foot of every packing slip; may be empty. */
  slipFooterNote: text(
    'Packing slip footer',
    MAX_FOOTER_NOTE,
    'Shorten the note: it prints at the foot of every slip.',
  ),
  /** ISO 3166-1 alpha-2 code of the country parcels leave from, e.g. "US". */
  senderCountry: senderCountrySchema,
  /** The street part of the sender's address (its country: senderCountry), for the CN23. */
  returnAddress: returnAddressSchema,
  /** Pre-print checks warn when the last sync is older than this, in hours. */
  staleAfterHours: staleHoursSchema,
  /** Who packed an order, on the floor's record: default this computer's name. */
  stationName: stationNameSchema,
  /** The team store (docs/team-mode.md), without password; empty: this desk's own record. */
  teamUrl: teamUrlSchema,
})
export type AppSettings = z.infer<typeof appSettingsSchema>

/**
 * `settings:update`: any of the settings; URLs left empty keep the current ones. The team URL
 * is set with its password through `team:configure`, which opens the team desk.
 */
export const settingsPatchSchema = appSettingsSchema.omit({ teamUrl: true }).partial()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>
