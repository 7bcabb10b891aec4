export { formatAddress, formatAddressDetailed } from '../../../shared/address'
export { code128Svg } from './barcode'
export { LABEL_LAYOUTS, labelSlot, labelsPerPage, sheetCount } from './layouts'
export type { LabelLayout } from './layouts'
export { planLabels, renderLabels } from './labels'
export type { LabelOptions, LabelsPlan, LabelsResult, LabelWarning } from './labels'
export { READABLE_PT, smallAddresses } from './label-readability'
export type { SmallAddress } from './label-readability'
export {
  batchFiles,
  planSlipBatches,
  renderLabelsPdf,
  renderPickListPdf,
  renderSlipBatch,
  renderSlipsPdf,
  noCustomsFormsText,
  renderCustomsPdf,
  saveCustomsPdf,
  saveLabelsPdf,
  savePickListPdf,
  slipPreview,
} from './pdf'
export type { PrintProgress } from './pdf'
export { renderPackingSlips } from './slips'
export { writeSlipsPdf } from './pdf-slips'
export type { SlipOptions, SlipsResult } from './slips'
export { planPickList, printedTime, renderPickListDocument } from './picklist'
export type { PickListDocOptions } from './picklist'
export { planCn23, REASON_FOR_EXPORT } from './cn23'
export type { Cn23Options, Cn23Plan } from './cn23'
export type { CustomsPdfResult } from './pdf'
