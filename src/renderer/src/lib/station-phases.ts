/** The pack station's states and what it tells the packer: shared by its store and its parts. */

/**
 * - `idle`: waiting for a packing slip;
 * - `order`: an order open, items being scanned in;
 * - `confirm`: Enter pressed on an order not complete (or one with a warning): Enter again packs;
 * - `tracking`: just packed, waiting for the parcel's tracking number (Enter skips).
 */
export type StationPhase = 'idle' | 'order' | 'confirm' | 'tracking'

/** What just happened, in a few words: "Packed #12 at Desk A" (success) or news (info). */
export interface StationNotice {
  text: string
  tone: 'success' | 'info'
}

export const info = (text: string): StationNotice => ({ text, tone: 'info' })

/** Why a pack waits for a second Enter: the checklist is short, or the order has a warning. */
export interface PackQuestion {
  short: number
  warned: boolean
}
