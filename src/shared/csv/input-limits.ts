import { MAX_FLOOR_FILE_BYTES } from '../ipc/limits'

/**
 * The bounds of a CSV file a person gives PerkPack (the dashboard's contributions export, a
 * shipper's tracking export), the same in the CLI and the app, checked while the file is read
 * so that a wrong file is refused before it costs memory: one 100 MB field once took an import
 * to a 1.2 GB peak, and a 450 MB file crashed it.
 *
 * The file: what the window hands to main anyway (MAX_FLOOR_FILE_BYTES; a 100,000-pledge
 * dashboard export is about 28 MB). A field: 64 KiB, far above any name, address, perk list or
 * tracking number, and far below what makes the readers and the offline copy struggle.
 */
export const MAX_CSV_FILE_BYTES = MAX_FLOOR_FILE_BYTES
export const MAX_CSV_FIELD_BYTES = 64 * 1024

const mb = (bytes: number) => Math.ceil(bytes / 2 ** 20)

export function csvFileTooLargeText(name: string, bytes: number): string {
  return `${name} is ${mb(bytes)} MB; at most ${mb(MAX_CSV_FILE_BYTES)} MB are read. Choose the CSV export itself, not a folder or an archive.`
}

export function csvFieldTooLongText(name: string, line: number): string {
  return `${name}, line ${line}: a field is longer than ${MAX_CSV_FIELD_BYTES / 1024} KiB, far more than any cell of a shipper's or the dashboard's export. Check that this is the CSV export itself; if it is, shorten that cell in a spreadsheet and save the file again.`
}
