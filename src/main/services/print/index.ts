export { formatAddress, formatAddressDetailed } from '../../../shared/address'
export type { AddressOptions, FormattedAddress } from '../../../shared/address'
export { code128Svg } from './barcode'
export { BundledFontsMissingError, FONT_PACKAGES, setFontRoot } from './fonts'
export { escapeHtml } from './html'
export { LABEL_LAYOUTS, labelSlot, labelsPerPage, sheetCount } from './layouts'
export type { LabelLayout, LabelSlot } from './layouts'
export { planLabels, renderLabels } from './labels'
export type {
  LabelOptions,
  LabelSkip,
  LabelsPlan,
  LabelsResult,
  LabelWarning,
  PlacedLabel,
} from './labels'
export {
  batchPath,
  planSlipBatches,
  renderLabelsPdf,
  renderPickListPdf,
  renderSlipBatch,
  renderSlipsPdf,
  saveLabelsPdf,
  savePickListPdf,
  SLIP_BATCH_SIZE,
  slipPreview,
} from './pdf'
export type {
  LabelsPdfResult,
  PickListPdfResult,
  PdfRunOptions,
  PrintProgress,
  SlipBatch,
  SlipsPdfFile,
  SlipsPdfResult,
} from './pdf'
export { renderPackingSlips } from './slips'
export { writeSlipsPdf } from './pdf-slips'
export type { SlipOptions, SlipsResult, SlipWarning } from './slips'
export { planPickList, printedTime, renderPickListDocument } from './picklist'
export type { PickListDocOptions, PickListDocResult, PickListPlan } from './picklist'
