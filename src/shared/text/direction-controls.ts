/**
 * The invisible characters that set text direction by hand: the embeddings and overrides
 * (U+202A LRE, U+202B RLE, U+202C PDF, U+202D LRO, U+202E RLO) and the isolates (U+2066 LRI,
 * U+2067 RLI, U+2068 FSI, U+2069 PDI). An override left open in a name reverses it and every
 * field after it on the line ("Portland, OR 97201" printed as "10279 RO ,dnaltroP"), which is
 * how a label is made to read as another address. Printing leaves them out, so each field
 * prints in the order it was typed and none can reorder the next; CSV and Excel keep them as
 * they came (the data is the backer's), and a pre-print check names the orders that have them.
 */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g
const HAS_DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/

export function hasDirectionControls(text: string): boolean {
  return HAS_DIRECTION_CONTROL.test(text)
}

/** `text` without them: what the print documents measure and draw. */
export function withoutDirectionControls(text: string): string {
  return HAS_DIRECTION_CONTROL.test(text) ? text.replace(DIRECTION_CONTROLS, '') : text
}
