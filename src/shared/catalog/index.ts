export {
  CUSTOMS_VALUE_RULE,
  DEFAULT_PLEDGE_SHARE,
  PACKAGING_RULE,
  emptyCatalog,
} from './catalog-model'
export type {
  Catalog,
  CatalogItem,
  CustomsFields,
  ItemFields,
  PackagingPreset,
} from './catalog-model'
export { catalogItemKey, indexCatalog } from './catalog-index'
export type { CatalogIndex } from './catalog-index'
export { catalogChecks, customsGaps } from './catalog-checks'
export {
  catalogProblemText,
  readCatalogCsv,
  readCatalogItemText,
  readPackagingText,
  writeCatalogCsv,
} from './catalog-csv'
export type { CatalogCsvProblem, CatalogCsvResult, CatalogRowText } from './catalog-csv'
export { CATALOG_CSV_COLUMNS } from './catalog-csv-columns'
export {
  canonicalVariant,
  customsArea,
  leavesCustomsArea,
  parseVariant,
  readCurrency,
  readHsCode,
  readOriginCountry,
} from './customs-rules'
export { choosePackaging, orderParcel } from './parcel'
export type { OrderParcel, ParcelBox, ParcelLine } from './parcel'
export {
  NO_LINE_FIGURES,
  NO_PARCEL_FIGURES,
  inches,
  lineFigures,
  ounces,
  parcelFigures,
} from './parcel-figures'
export type { Figure, LineFigures, ParcelFigures } from './parcel-figures'
export { mergeCatalog } from './catalog-merge'
export {
  CN22_LIMIT_SDR,
  CN22_MARGIN,
  CN22_MAX_LINES,
  CN22_MAX_WEIGHT_G,
  CUSTOMS_CATEGORIES,
  CUSTOMS_CATEGORY,
  SDR_PER_UNIT,
  SDR_RATES_DATE,
  customsDeclarations,
  customsFormOf,
  valueInSdr,
} from './customs-forms'
export type { CustomsContext, CustomsDeclaration, CustomsForm } from './customs-forms'
