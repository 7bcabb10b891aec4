/**
 * The floor's record (packed, tracking numbers, notes) is kept against order ids. A dashboard
 * file has no order ids, so an import gives stand-in ids; switching a campaign between a file and
 * an API sync leaves the record made against the other ids behind: kept, but not shown. These
 * sentences say so, in the app and in the CLI alike.
 */
const orders = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'order' : 'orders'}`

/** Before (app) or after (CLI) a file replaces a copy; `overFile`: the copy came from a file too. */
export function importLeftBehindText(count: number, overFile: boolean): string {
  const why = overFile
    ? 'the file does not have their order ids, so their floor record does not follow (it is kept, and shows again on a copy that has them)'
    : "the file has no order ids, so the floor record made against the API's ids does not follow (it is kept, and shows again after a sync)"
  return `${orders(count)} packed or tracked here will not show on the imported copy: ${why}.`
}

/** After an API sync replaced a copy imported from a dashboard file. */
export function syncLeftBehindText(count: number): string {
  return (
    `${orders(count)} packed or tracked here will not show on the synced copy: their floor record was made against the dashboard file's stand-in ids, not the API's order ids ` +
    '(it is kept, and shows again if the file is imported again).'
  )
}
