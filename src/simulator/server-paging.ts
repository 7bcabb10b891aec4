import type { WirePagination } from './wire'
import { PAGE_SIZE } from '../shared/config'
import { HttpError } from './server-respond'

const DIGITS = /^[0-9]+$/

/** `page` query value -> 1-based page number; absent means 1, anything else must be >= 1. */
export function parsePage(raw: string | null): number {
  if (raw === null) return 1
  const page = DIGITS.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(page) || page < 1) {
    throw new HttpError(400, 'invalid_page', 'The page parameter must be an integer >= 1.')
  }
  return page
}

export interface PageWindow {
  start: number
  end: number
  pagination: WirePagination
}

/**
 * Arithmetic of one page. `previous` is plain `page - 1` (null only on page 1), also past the
 * end, the way Rails paginators report it; `next` is null on the last page and beyond.
 */
export function pageWindow(total: number, page: number): PageWindow {
  const pages = Math.ceil(total / PAGE_SIZE)
  const start = Math.min((page - 1) * PAGE_SIZE, total)
  const end = Math.min(start + PAGE_SIZE, total)
  return {
    start,
    end,
    pagination: {
      previous: page > 1 ? page - 1 : null,
      next: page < pages ? page + 1 : null,
      current: page,
      per_page: PAGE_SIZE,
      count: total,
      pages,
    },
  }
}

export interface ListingPage<T> {
  response: T[]
  count: number
  pagination: WirePagination
}

/** The listing envelope for rows `[start, end)` of a newest-first array, mapped per row. */
export function listingPage<S, T>(
  rows: readonly S[],
  page: number,
  map: (row: S) => T,
): ListingPage<T> {
  const window = pageWindow(rows.length, page)
  const response = rows.slice(window.start, window.end).map(map)
  return { response, count: response.length, pagination: window.pagination }
}
