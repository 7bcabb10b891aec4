/**
 * The flags that select the orders of the print and export commands (print-selection.ts reads
 * them), as a message that asks to change them names them. A file of its own: main.ts words
 * errors with it and must not import the commands' modules.
 */
export const SELECTION_FLAGS_TEXT = '--status, --perk or --country'
