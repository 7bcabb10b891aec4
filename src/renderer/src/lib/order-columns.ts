import { FLOOR_STAGE_WORDS } from '@shared/floor/order-state'
import type { OrderRow } from '@shared/ipc'

export interface OrderColumn {
  key: string
  title: string
  /** Cell text; the status column draws a coloured label instead. */
  text?: (row: OrderRow) => string
  /** A second, smaller line under the text (empty: none). */
  sub?: (row: OrderRow) => string
  /** Full text on hover, for columns cut with an ellipsis. */
  hover?: boolean
  /** A search's terms are marked in it. */
  searched?: boolean
}

/**
 * The Orders table's columns, in order; widths are in orders-table-grid.css. The e-mail sits
 * under the backer's name and the perks under the items, so that at 1280 pixels with the perk
 * tree open the name and the items each get a column wide enough to read whole.
 */
export const ORDER_COLUMNS: readonly OrderColumn[] = [
  // An order without a number or a backer name shows a dash, never "#null" or a blank cell.
  {
    key: 'sequence',
    title: '#',
    text: (row) => (row.sequenceNumber == null ? '—' : `#${row.sequenceNumber}`),
  },
  {
    key: 'backer',
    title: 'Backer · E-mail',
    text: (row) => row.backer || '—',
    sub: (row) => row.email ?? '',
    hover: true,
    searched: true,
  },
  { key: 'status', title: 'Status' },
  // "Packed" alone would not say by whom: the station and time are on hover and in the drawer.
  {
    key: 'floor',
    title: 'Floor',
    text: (row) =>
      row.floor === 'packed' && row.station
        ? `Packed · ${row.station}`
        : FLOOR_STAGE_WORDS[row.floor],
    hover: true,
  },
  {
    key: 'items',
    title: 'Items · Perks',
    text: (row) => row.items || '—',
    sub: (row) => row.perks,
    hover: true,
    searched: true,
  },
  { key: 'country', title: 'Country', text: (row) => row.country ?? '—' },
]
