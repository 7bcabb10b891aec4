import { z } from 'zod'
import { pickListPrintRequestSchema } from './picklist-schemas'
import type { PickListPdfSaved } from './results'
import { returns } from './returns'

export const PICKLIST_CHANNELS = {
  /** The pick list of the selection on paper, through the system print dialog. */
  'picklist:print': {
    method: 'printPickList',
    args: z.tuple([pickListPrintRequestSchema]),
    result: returns<{ printed: boolean }>(),
  },
  /** Asks where to save, then writes the pick list as PDF; null when the dialog was cancelled. */
  'picklist:pdf': {
    method: 'savePickListPdf',
    args: z.tuple([pickListPrintRequestSchema]),
    result: returns<PickListPdfSaved | null>(),
  },
} as const
