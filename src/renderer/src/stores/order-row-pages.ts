import { shallowRef } from 'vue'
import type { Ref } from 'vue'
import { MAX_ORDER_ROWS_PER_REQUEST, ORDERS_PAGE_SIZE } from '@shared/ipc'
import type { IpcErrorCode, OrderRow, OrdersQueryResult } from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'

/** Rows fetched beyond what is on screen, so scrolling on finds them already here. */
const READ_AHEAD = ORDERS_PAGE_SIZE
const MAX_PAGES = Math.floor(MAX_ORDER_ROWS_PER_REQUEST / ORDERS_PAGE_SIZE)
const RESULT_GONE: IpcErrorCode = 'orders_result_gone'

/** Runs `run` once the next frame is painted. */
function afterNextFrame(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0))
}

export interface RowPagesSource {
  campaignId: Readonly<Ref<number | null>>
  result: Readonly<Ref<OrdersQueryResult | null>>
  /** Main let go of the answer (a sync landed, or many queries since): ask again. */
  requery: () => void
  failed: (message: string) => void
}

/**
 * The rows of the orders store's current answer, by page (`ORDERS_PAGE_SIZE` rows each): the
 * first page comes with the answer, the table asks for the others by position as it scrolls.
 */
export function useOrderRowPages(source: RowPagesSource) {
  const pages = shallowRef<ReadonlyMap<number, readonly OrderRow[]>>(new Map())
  let pending = new Set<number>()
  /** The latest range asked for while its rows were here, to read ahead of once drawn. */
  let later: { answer: OrdersQueryResult; start: number; end: number } | null = null

  /** Starts over on `answer`, whose first rows came with it. */
  function reset(answer: OrdersQueryResult | null): void {
    pages.value = answer ? new Map([[0, answer.rows]]) : new Map()
    pending = new Set()
  }

  /** Row `index` of the current answer, or undefined until its page is here. */
  function rowAt(index: number): OrderRow | undefined {
    return pages.value.get(Math.floor(index / ORDERS_PAGE_SIZE))?.[index % ORDERS_PAGE_SIZE]
  }

  /** A row already here, wherever it is in the answer. */
  function loadedRow(contributionId: number): OrderRow | null {
    for (const page of pages.value.values()) {
      for (const row of page) if (row.id === contributionId) return row
    }
    return null
  }

  /**
   * Makes sure rows `start` to `end` (and a page either side) are here or on their way. The
   * missing pages next to each other go in one request. When the rows on screen are here (a new
   * answer brings its first page), the pages either side are asked for after the next frame:
   * main then builds them while the page is idle, not while it draws the answer.
   */
  function loadRows(start: number, end: number): void {
    const answer = source.result.value
    if (answer === null || answer.count === 0) return
    if (!rowsHere(start, Math.min(end, answer.count))) return fetchAround(start, end)
    const first = later === null
    later = { answer, start, end }
    if (first) afterNextFrame(loadLater)
  }

  function loadLater(): void {
    const range = later
    later = null
    if (range && source.result.value === range.answer) fetchAround(range.start, range.end)
  }

  function rowsHere(start: number, end: number): boolean {
    for (let page = Math.floor(start / ORDERS_PAGE_SIZE); page * ORDERS_PAGE_SIZE < end; page++) {
      if (!pages.value.has(page)) return false
    }
    return true
  }

  function fetchAround(start: number, end: number): void {
    const answer = source.result.value
    const id = source.campaignId.value
    if (answer === null || id === null || answer.count === 0) return
    const lastPage = Math.floor((answer.count - 1) / ORDERS_PAGE_SIZE)
    const from = Math.max(0, Math.floor((start - READ_AHEAD) / ORDERS_PAGE_SIZE))
    const to = Math.min(lastPage, Math.floor((end + READ_AHEAD) / ORDERS_PAGE_SIZE))
    let run: number[] = []
    const flush = () => {
      if (run.length > 0) void fetchPages(id, answer, run)
      run = []
    }
    for (let page = from; page <= to; page++) {
      if (pages.value.has(page) || pending.has(page)) flush()
      else {
        run.push(page)
        if (run.length === MAX_PAGES) flush()
      }
    }
    flush()
  }

  async function fetchPages(id: number, answer: OrdersQueryResult, wanted: number[]) {
    // Pages belong to the answer they were asked of; one that is no longer shown is dropped.
    // (Not a request sequence: a page of the old answer may be asked while a new query is out.)
    const requested = pending
    for (const page of wanted) requested.add(page)
    const first = wanted[0] as number
    const outcome = await trackRequest(() =>
      api().orderRows({
        campaignId: id,
        resultId: answer.resultId,
        offset: first * ORDERS_PAGE_SIZE,
        limit: wanted.length * ORDERS_PAGE_SIZE,
      }),
    )
    for (const page of wanted) requested.delete(page)
    if (source.result.value !== answer) return
    if (outcome.ok) {
      const next = new Map(pages.value)
      for (let i = 0; i < wanted.length; i++) {
        next.set(first + i, outcome.value.slice(i * ORDERS_PAGE_SIZE, (i + 1) * ORDERS_PAGE_SIZE))
      }
      pages.value = next
    } else if (outcome.code === RESULT_GONE) source.requery()
    else source.failed(outcome.message)
  }

  return { pages, reset, rowAt, loadedRow, loadRows }
}
