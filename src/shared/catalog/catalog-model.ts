// The SKU catalogue: what PerkPack knows of each thing that goes in a parcel (weight, size,
// customs data) and of the boxes it goes in. Main, renderer and CLI read it from here; the
// rules that check and use it sit beside it (customs-rules.ts, parcel.ts, catalog-csv.ts).
//
// Units are fixed so nothing converts twice: grams and centimetres. The CSV reader takes other
// units (kg, oz, lb, mm, in) and converts them on the way in.

/** Customs data of one item, every field optional: a variant's entry may fill in only some. */
export interface CustomsFields {
  /** Harmonized System code, digits only, 6 to 10 of them (customs-rules.ts hsCodeProblem). */
  hsCode?: string
  /** ISO 3166-1 alpha-2 code of the country the item was made in. */
  originCountry?: string
  /** What customs reads on the form: "Cotton T-shirt", not the SKU or the perk's name. */
  customsDescription?: string
  /** Value of one unit, in `customsCurrency`; absent: a share of the pledge (CUSTOMS_VALUE_RULE). */
  customsValue?: number
  /** ISO 4217 code; absent: the campaign's currency. */
  customsCurrency?: string
}

export interface ItemFields extends CustomsFields {
  /** Weight of one unit in grams. */
  weightG?: number
  /** Size of one unit in centimetres, longest first is not required. */
  lengthCm?: number
  widthCm?: number
  heightCm?: number
  /**
   * The item is its own shipping box (a boxed board game, a poster tube): each unit is a parcel
   * of its own, with no packaging around it.
   */
  ownBox?: boolean
}

/**
 * One row of the catalogue. `variant` null is the SKU's default: every variant of the SKU takes
 * the default's fields where its own entry (if any) leaves them out.
 */
export interface CatalogItem extends ItemFields {
  sku: string
  /**
   * The variant's choices as the variant key writes them after the code (`Colour=Black|Size=M`,
   * shared/fulfillment/variant.ts); null for the SKU's default.
   */
  variant: string | null
}

/** A box or mailer an order's items go into. */
export interface PackagingPreset {
  /** Shown in the table and written in the CSV; unique in a catalogue. */
  name: string
  /** Weight of the empty box, grams. */
  weightG: number
  /** Outside size in centimetres: the parcel's size when this box is used. */
  lengthCm: number
  widthCm: number
  heightCm: number
  /** Heaviest contents the box takes, grams; absent: no limit. */
  maxWeightG?: number
  /** Perk ids whose orders always go in this box, whatever their size (PACKAGING_RULE). */
  perkIds: number[]
}

export interface Catalog {
  items: CatalogItem[]
  packaging: PackagingPreset[]
  /**
   * The share of a perk's pledge declared as its items' customs value where the catalogue has
   * none (CUSTOMS_VALUE_RULE); 0 to 1.
   */
  pledgeShare: number
}

/**
 * Why the default is the whole perk price: customs asks for the transaction value, the price
 * the buyer paid for the goods, and a perk's amount is that price. A campaign that knows part of
 * the pledge is support, not goods, lowers the share or enters values per SKU.
 */
export const DEFAULT_PLEDGE_SHARE = 1

export const CUSTOMS_VALUE_RULE =
  'An item without a customs value is declared at its share of the perk: the perk amount times ' +
  'the pledge share, split evenly over the units of the perk that ship.'

export const PACKAGING_RULE =
  'An order goes in the box chosen for one of its perks (the largest, when several perks name ' +
  'one); otherwise in the smallest box whose size holds the items by volume and longest side, ' +
  'and whose weight limit holds their weight.'

export function emptyCatalog(): Catalog {
  return { items: [], packaging: [], pledgeShare: DEFAULT_PLEDGE_SHARE }
}
