/** The pack station's states and what it tells the packer: shared by its store and its parts. */

/**
 * - `idle`: waiting for a packing slip;
 * - `order`: an order open, items being scanned in;
 * - `confirm`: Enter pressed on an order not complete (or one with a warning): "Pack it
 *   anyway?" waits for a click or the typed confirm word, never for Enter (station-decision.ts);
 * - `packed`: an order packed before, shown read-only (who, when, what went in): nothing ticks;
 * - `tracking`: just packed, waiting for the parcel's tracking number (Enter skips).
 */
export type StationPhase = 'idle' | 'order' | 'confirm' | 'packed' | 'tracking'

/** What just happened, in a few words: "Packed #12 at Desk A" (success) or news (info). */
export interface StationNotice {
  text: string
  tone: 'success' | 'info'
}

export const info = (text: string): StationNotice => ({ text, tone: 'info' })

/** Why a pack waits for a deliberate yes: the checklist is short, or the order has a warning. */
export interface PackQuestion {
  short: number
  warned: boolean
}

/**
 * Enter while "Pack it anyway?" is open: said beside the question, which tells how to say yes
 * (a click, or station-decision.ts's CONFIRM_WORD typed, as here in capitals).
 */
export function askAgainText(confirmWord: string): string {
  return `Still not packed: Enter alone never answers "Pack it anyway?". Click "Pack anyway" or type ${confirmWord.toUpperCase()}.`
}

/** Another slip scanned while a box was half filled. */
export function putAsideText(order: string): string {
  return `Order ${order} was put aside unpacked: scan its slip to go on.`
}

/** A slip scanned while the last parcel's tracking number was asked for. */
export function trackingDroppedText(packed: string, opened: string): string {
  return `No tracking number saved for ${packed}: that code was the slip of ${opened}.`
}

/** A scan while "Pack it anyway?" was open: the box it asked about stays unpacked. */
export function cancelledText(order: string, code: string): string {
  return `${order} not packed: the scan of "${code}" cancelled "Pack it anyway?".`
}
