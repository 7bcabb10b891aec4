// The one set of date, number and money formats lives in the shared layer, so the screens and
// the documents main writes (slips, spreadsheets) read alike.
export {
  amountCurrency,
  currencyOf,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
} from '@shared/format/locale-format'
export type { Currency } from '@shared/format/locale-format'
