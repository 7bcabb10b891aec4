// How the parts of an order read when the API left them blank. One rule per part, used by every
// output (table, drawer, labels, slips, exports, CLI), so none prints "null" or an empty name.

/** A perk's label, or "Perk 4748481" when the API sent a blank one: a perk is never nameless. */
export function perkLabel(perk: { id: number; label: string }): string {
  const label = perk.label.trim()
  return label === '' ? `Perk ${perk.id}` : label
}

/** Perk labels joined with `separator`, or '' for an order without a perk. */
export function perkLabels(perks: readonly { id: number; label: string }[], separator: string) {
  let text = ''
  for (const perk of perks) text += text === '' ? perkLabel(perk) : `${separator}${perkLabel(perk)}`
  return text
}

/** The parts that say something, trimmed and joined: never "null", never a dangling separator. */
export function joinPresent(parts: readonly (string | null | undefined)[], separator: string) {
  let text = ''
  for (const part of parts) {
    const value = part?.trim()
    if (value) text += text === '' ? value : `${separator}${value}`
  }
  return text
}
