import { plural } from '../format/counts'

/** "1 order", "1,234 orders": the checks' sentences count what they found. */
export { plural }
export const ordersText = (n: number) => plural(n, 'order')
export const trimmed = (value: string | null | undefined) => (value ?? '').trim()
