/** One item per table position, shared between answers: the virtual list keys rows by it. */
export interface RowPosition {
  key: number
}

const positions: RowPosition[] = []

/**
 * Positions 0 to count - 1. The objects are made once and reused by every answer, so a new
 * filter costs the virtual list an array copy, not 100,000 allocations.
 */
export function rowPositions(count: number): RowPosition[] {
  for (let key = positions.length; key < count; key++) positions.push({ key })
  return positions.slice(0, count)
}
