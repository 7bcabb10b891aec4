import type { ProblemRowsView } from './results'
import { returns } from './returns'
import { campaign } from './channel-args'

export const PROBLEMS_CHANNELS = {
  /** The contributions of the last sync that could not be read, personal data masked. */
  'problems:list': { method: 'problemRows', args: campaign, result: returns<ProblemRowsView>() },
} as const
