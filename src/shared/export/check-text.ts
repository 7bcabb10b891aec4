/** "1 order", "3 orders": the checks' sentences count what they found. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
export const ordersText = (n: number) => plural(n, 'order')
export const trimmed = (value: string | null | undefined) => (value ?? '').trim()
