import { FLOOR_STAGE_WORDS } from '@shared/floor/order-state'
import type { OrderRow } from '@shared/ipc'

export interface OrderColumn {
  key: string
  title: string
  /** Cell text; the status column draws a coloured label instead. */
  text?: (row: OrderRow) => string
  /** Full text on hover, for columns cut with an ellipsis. */
  hover?: boolean
}

/** The Orders table's columns, in order; widths are in OrdersTable's grid. */
export const ORDER_COLUMNS: readonly OrderColumn[] = [
  // An order without a number or a backer name shows a dash, never "#null" or a blank cell.
  {
    key: 'sequence',
    title: '#',
    text: (row) => (row.sequenceNumber == null ? '—' : `#${row.sequenceNumber}`),
  },
  { key: 'backer', title: 'Backer', text: (row) => row.backer || '—', hover: true },
  { key: 'email', title: 'E-mail', text: (row) => row.email ?? '—', hover: true },
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
  { key: 'perks', title: 'Perks', text: (row) => row.perks, hover: true },
  { key: 'items', title: 'Items', text: (row) => row.items || '—', hover: true },
  { key: 'country', title: 'Country', text: (row) => row.country ?? '—' },
]
