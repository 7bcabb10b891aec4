import { z } from 'zod'
import {
  stockHistoryRequestSchema,
  stockImportRequestSchema,
  stockLevelRequestSchema,
  wavePlanRequestSchema,
  waveRequestSchema,
  waveSaveRequestSchema,
} from './waves-schemas'
import type {
  StockHistory,
  StockImportResult,
  StockView,
  WaveParcels,
  WaveProposal,
  WaveSummary,
} from './waves-results'
import { returns } from './returns'
import { campaign } from './channel-args'

// Stock on hand and waves in the window (issue 28): the floor's plan in the offline cache, the
// same record `perkpack stock` and `perkpack wave` keep.
export const WAVES_CHANNELS = {
  /** Every variant of the campaign's orders with its level on the shelf (offline). */
  'waves:stock': { method: 'stockLevels', args: campaign, result: returns<StockView>() },
  /** Sets one variant's level, kept in its history; the stock table as it now is. */
  'waves:setStock': {
    method: 'setStockLevel',
    args: z.tuple([stockLevelRequestSchema]),
    result: returns<StockView>(),
  },
  /** Levels from a CSV the person picked (sku,choices,quantity or the pick list's file). */
  'waves:importStock': {
    method: 'importStock',
    args: z.tuple([stockImportRequestSchema]),
    result: returns<StockImportResult>(),
  },
  /** Every change of one variant's level, oldest first. */
  'waves:stockHistory': {
    method: 'stockHistory',
    args: z.tuple([stockHistoryRequestSchema]),
    result: returns<StockHistory>(),
  },
  /** What a wave planned now would hold; saves nothing. */
  'waves:plan': {
    method: 'proposeWave',
    args: z.tuple([wavePlanRequestSchema]),
    result: returns<WaveProposal>(),
  },
  /** Plans again and saves the wave under a name (its orders frozen). */
  'waves:save': {
    method: 'saveWave',
    args: z.tuple([waveSaveRequestSchema]),
    result: returns<WaveSummary>(),
  },
  'waves:list': { method: 'listWaves', args: campaign, result: returns<WaveSummary[]>() },
  /** Closes a wave: its orders may go into another one. The list as it now is. */
  'waves:close': {
    method: 'closeWave',
    args: z.tuple([waveRequestSchema]),
    result: returns<WaveSummary[]>(),
  },
  /** A wave's orders that ship in part, each with its parcel and what follows (as `wave show`). */
  'waves:parcels': {
    method: 'waveParcels',
    args: z.tuple([waveRequestSchema]),
    result: returns<WaveParcels>(),
  },
} as const
