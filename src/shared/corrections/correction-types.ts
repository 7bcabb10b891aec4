// What the floor knows of an order that the platform does not: an address a backer sent by
// e-mail after the sync, a hold, a second parcel. The platform's API is read-only; these live in
// the floor's record beside the synced rows and survive every re-sync and import.

/** The parts of a shipping address, as the platform's `shipping` object names them. */
export interface AddressParts {
  name: string | null
  address: string | null
  address2: string | null
  city: string | null
  state: string | null
  zipcode: string | null
  country: string | null
  phone_number: string | null
}

export const ADDRESS_PART_NAMES = [
  'name',
  'address',
  'address2',
  'city',
  'state',
  'zipcode',
  'country',
  'phone_number',
] as const satisfies readonly (keyof AddressParts)[]

/** A person's correction of an order's shipping address. */
export interface AddressCorrection {
  orderId: number
  address: AddressParts
  reason: string
  /**
   * The platform's address the correction was made against (null: the order had none). A later
   * sync bringing another one is flagged, never silently taken or dropped.
   */
  platformAddress: AddressParts | null
  by: string
  at: string
}

/** An order kept back by a person: a stop order everywhere until released. */
export interface OrderHold {
  orderId: number
  reason: string
  by: string
  at: string
  /** Null while the order is held; the hold stays in the record once released. */
  releasedAt: string | null
  releasedBy: string | null
}

/** One line of a reship's parcel: a variant of the order and how many. */
export interface ReshipItem {
  variantKey: string
  quantity: number
}

/** A second parcel for an order (lost, damaged), with its own items and tracking numbers. */
export interface Reship {
  id: number
  orderId: number
  items: ReshipItem[]
  reason: string
  trackingNumbers: string[]
  by: string
  at: string
}
