export { countStatuses, DEFAULT_STATUSES, parseStatusList, unknownStatuses } from './status'
export type { StatusCount } from './status'
export { describeChoices, itemName, variantKey } from './variant'
export type { Choice } from './variant'
export { foldText } from './text'
export { filterContributions } from './filter'
export type { ContributionFilter } from './filter'
export { createOrderIndex } from './search-index'
export type { OrderIndex } from './search-index'
export { acrossPerks, perkOverlapText } from './across-perks'
export type { AcrossPerks, PerkOverlap } from './across-perks'
export { highlightRanges, matchedFields, parseSearch } from './search-match'
export type { MatchedField, MatchedFieldKind } from './search-match'
export { selectedNodes } from './node-filter'
export type { NodeFilter } from './node-filter'
export { groupByPerk, NO_PERK_LABEL, PerkTally } from './group'
export type { PerkGroup, VariantGroup } from './group'
export { buildPickList, orderLines, pickListTotals, sortPickList } from './pick-list'
export type {
  OrderLine,
  PickListPerk,
  PickListRow,
  PickListSortKey,
  PickListTotals,
  SortDirection,
} from './pick-list'
export {
  compareBySequence,
  markOrdersContiguous,
  orderNumberText,
  withOrdersContiguous,
} from './orders'
export {
  joinPresent,
  labelOrderName,
  paymentMethodText,
  perkLabel,
  perkLabels,
  statusText,
} from './display'
export {
  countShipments,
  hasShippingAddress,
  ordersThatShip,
  leftOutCounts,
  leftOutText,
  notShipping,
  NONE_SELECTED,
  nothingToPrintText,
  perkShips,
  parcelsThatShip,
  shipmentRole,
  shippableFlaggedItems,
  shippableLines,
  shippingCoverageText,
} from './shipping'
export type { LeftOutCounts, NotShipping, ShipmentCounts, ShipmentRole } from './shipping'
export {
  HELD_STATUS,
  SHIPPING_STATUSES,
  statusShips,
  stopKind,
  stopStatusesAmong,
} from './ship-status'
export type { StopKind } from './ship-status'
export { STOP_KINDS, stopGroupText, stopReasonText } from './stop-words'
export { shippedPickList } from './shipped-pick-list'
export {
  BY_HAND_HEADING,
  buildByHandList,
  byHandItemText,
  byHandQuantityText,
  byHandSkuText,
} from './by-hand-list'
export type { ByHandRow } from './by-hand-list'
export {
  checkByHandNote,
  checkByHandText,
  flaggedCountText,
  flaggedItemLine,
  flaggedItemName,
  flaggedItems,
  flaggedQuantityText,
  hasFlaggedItems,
  perkHasItems,
  unreadableReasonText,
} from './unreadable-items'
export type { FlaggedItem } from './unreadable-items'
export type { ShippedPickList } from './shipped-pick-list'
