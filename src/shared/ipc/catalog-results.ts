import type { Catalog } from '../catalog/catalog-model'
import type { VariantGap } from '../catalog/catalog-gaps'

// What catalog:* answers (issue 29): the campaign's catalogue as this desk keeps it, with the
// variants of its orders the catalogue does not yet describe.

/** Where the catalogue on screen stands with the team's copy. */
export type CatalogTeamState =
  /** No team store in Settings: the desk's own catalogue. */
  | 'off'
  /** Met the team's copy: both hold the same catalogue now. */
  | 'shared'
  /** The team store could not be reached: the desk's copy, sent at the next meeting. */
  | 'waiting'

export interface CatalogView {
  campaignId: number
  catalog: Catalog
  /** ISO 8601 of the last save (here or on another desk); null: never saved. */
  updatedAt: string | null
  /** Every variant the campaign's orders ship, with what the catalogue lacks of it. */
  gaps: VariantGap[]
  team: CatalogTeamState
  /** Settings' sender country: customs data is asked of parcels leaving its customs area. */
  senderCountry: string
}

export interface CatalogImportResult {
  fileName: string
  items: number
  packaging: number
  /** "Line 4: …" for each line left out. */
  problems: string[]
  view: CatalogView
}

export interface CatalogExportResult {
  path: string
  items: number
  packaging: number
}
