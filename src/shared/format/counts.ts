// The interface is English throughout; a fixed locale keeps "1,234" the same on every machine.
const counts = new Intl.NumberFormat('en-US')

/** "1,234": a count as the app and the command line write it. */
export function formatCount(n: number): string {
  return counts.format(n)
}

/** "1 order", "1,234 orders". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}
