import { parseScanCode } from '@shared/floor/station-scan'
import type { StationLine, StationOrder, StationScan, StationWarning } from '@shared/ipc'
import { scanItem, tooMany } from './station-checklist'
import type { Ticks } from './station-checklist'
import type { StationPhase } from './station-phases'

/**
 * The word that answers "Pack it anyway?" yes, typed and then Enter. Enter alone never does: a
 * keyboard-wedge scanner sends Enter after every code, so Enter, Enter, Enter would pack a box
 * nobody filled. A scanner sends the word only from a barcode that reads it.
 */
export const CONFIRM_WORD = 'pack'

/** What the station is doing when a code (or an empty Enter) arrives. */
export interface StationState {
  phase: StationPhase
  /** The order on the station (a box being filled, or a packed one shown read-only). */
  orderId: number | null
  /** The box's checklist and ticks; read only while a box is open (`order`, `confirm`). */
  lines: readonly StationLine[]
  ticks: Ticks
}

/** What a code means, in the order the station acts on it. */
export type StationStep =
  /** Enter on a station without an order: nothing to do. */
  | { kind: 'nothing' }
  /** Enter while a tracking number is asked for: none for this parcel. */
  | { kind: 'skip-tracking' }
  | { kind: 'tracking-number'; code: string }
  /** Enter on an open box: packs a full one, asks about a short or warned one. */
  | { kind: 'request-pack' }
  /** Enter while "Pack it anyway?" is open: asked again, never packed. */
  | { kind: 'ask-again' }
  /** The confirm word typed while the question is open: packs as it is. */
  | { kind: 'confirm-pack' }
  /** Enter on an order packed before, shown read-only: its warning again. */
  | { kind: 'say-packed' }
  /** An item of the open box, one more of it still needed. */
  | { kind: 'tick'; key: string }
  /** An item of the open box, every line of it full. */
  | { kind: 'too-many'; warning: StationWarning }
  /** No item of an open box: main must say whether it names an order (then decide again). */
  | { kind: 'look-up'; code: string }
  /** The slip of the order being packed, scanned again: its ticks stay. */
  | { kind: 'same-order' }
  /** Another order's slip (or one while none is open); read-only when packed before. */
  | { kind: 'open-order'; order: StationOrder; warnings: StationWarning[]; readOnly: boolean }
  /** With a box open, a code that is no order: most likely an item that does not belong. */
  | { kind: 'wrong-item'; warning: StationWarning }
  /** No box open and no order of that code: main's own words (unknown order or code). */
  | { kind: 'unknown-code'; warnings: StationWarning[] }

export interface StationDecision {
  step: StationStep
  /** A code arrived while "Pack it anyway?" was open: the question is withdrawn, and said so. */
  cancelsQuestion: boolean
  /**
   * A slip was scanned while the last parcel's tracking number was asked for: no tracking number
   * is saved for that parcel (the slip's number is no tracking number), and that is said.
   */
  dropsTracking: boolean
}

/** An empty Enter, by phase: never a pack while the question is open. */
const EMPTY_ENTER: Readonly<Record<StationPhase, StationStep>> = {
  idle: { kind: 'nothing' },
  tracking: { kind: 'skip-tracking' },
  order: { kind: 'request-pack' },
  confirm: { kind: 'ask-again' },
  packed: { kind: 'say-packed' },
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * What a code typed or scanned at the station means (`raw`, '' for an empty Enter). Codes that
 * are no item of the open box need main's answer: the first call says `look-up`, the caller asks
 * main and calls again with its answer (`lookedUp`). Pure: the store acts on the step.
 */
export function decideScan(
  state: StationState,
  raw: string,
  lookedUp?: StationScan,
): StationDecision {
  const code = raw.trim()
  const decided = (step: StationStep): StationDecision => ({
    step,
    cancelsQuestion: state.phase === 'confirm' && code !== '' && step.kind !== 'confirm-pack',
    dropsTracking: state.phase === 'tracking' && step.kind === 'open-order',
  })
  if (code === '') return decided(EMPTY_ENTER[state.phase])
  if (state.phase === 'tracking') return decided(trackingStep(code, lookedUp))

  const boxOpen = state.phase === 'order' || state.phase === 'confirm'
  // An item of the box wins over the word: a barcode reading "PACK" must not pack the box.
  const item = boxOpen
    ? scanItem(state.lines, state.ticks, code)
    : ({ kind: 'not-in-order' } as const)
  if (item.kind === 'ticked') return decided({ kind: 'tick', key: item.key })
  if (item.kind === 'too-many') return decided({ kind: 'too-many', warning: tooMany(item.line) })
  if (state.phase === 'confirm' && same(code, CONFIRM_WORD))
    return decided({ kind: 'confirm-pack' })

  if (lookedUp === undefined) return decided({ kind: 'look-up', code })
  if (lookedUp.found) {
    const { order, warnings } = lookedUp
    if (boxOpen && order.orderId === state.orderId) return decided({ kind: 'same-order' })
    const readOnly = warnings.some((w) => w.kind === 'already-packed')
    return decided({ kind: 'open-order', order, warnings, readOnly })
  }
  // A number typed as `#12` names an order, whatever box is open; anything else with a box
  // open is most likely an item that is not in it. With no box open, main's words stand.
  if (boxOpen && parseScanCode(code).kind !== 'sequence') {
    return decided({ kind: 'wrong-item', warning: { kind: 'wrong-item', code } })
  }
  return decided({ kind: 'unknown-code', warnings: lookedUp.warnings })
}

/**
 * While the last parcel's tracking number is asked for. The packer's next move is often the next
 * slip: a slip's code must open that order, not land on the packed parcel as its tracking number.
 * `#12` is always a slip; bare digits are one when they name an order (main says), else they are
 * a tracking number (many carriers' numbers are digits only); anything else is a tracking number.
 */
function trackingStep(code: string, lookedUp: StationScan | undefined): StationStep {
  const kind = parseScanCode(code).kind
  if (kind === 'other') return { kind: 'tracking-number', code }
  if (lookedUp === undefined) return { kind: 'look-up', code }
  if (lookedUp.found) {
    const { order, warnings } = lookedUp
    const readOnly = warnings.some((w) => w.kind === 'already-packed')
    return { kind: 'open-order', order, warnings, readOnly }
  }
  if (kind === 'sequence') return { kind: 'unknown-code', warnings: lookedUp.warnings }
  return { kind: 'tracking-number', code }
}
