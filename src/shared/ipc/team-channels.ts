import { z } from 'zod'
import { teamSettleRequestSchema, teamSetupRequestSchema } from './team-schemas'
import type { TeamCheck, TeamFloorStatus, TeamQueuedLeft, TeamSetup } from './team-results'
import { returns } from './returns'

const noArgs = z.tuple([])

/** Team mode (docs/team-mode.md): Settings → Team and the Progress view's team line. */
export const TEAM_CHANNELS = {
  'team:setup': { method: 'teamSetup', args: noArgs, result: returns<TeamSetup>() },
  /** Keeps the URL in settings and a typed password in the keychain; opens the desk. */
  'team:configure': {
    method: 'configureTeam',
    args: z.tuple([teamSetupRequestSchema]),
    result: returns<TeamSetup>(),
  },
  /** Connects once with this URL (and password, else the kept one); nothing is kept. */
  'team:test': {
    method: 'testTeam',
    args: z.tuple([teamSetupRequestSchema]),
    result: returns<TeamCheck>(),
  },
  /** Stops using the team store: the URL and its keychain entry are removed. */
  'team:forget': { method: 'forgetTeam', args: noArgs, result: returns<TeamSetup>() },
  'team:status': { method: 'teamStatus', args: noArgs, result: returns<TeamFloorStatus | null>() },
  /** Before sign-out: sends the queued actions (short deadline); what is still queued. */
  'team:sendQueued': {
    method: 'sendTeamQueued',
    args: noArgs,
    result: returns<TeamQueuedLeft>(),
  },
  /** Drops an order's conflicts once a person checked the parcel; how many were dropped. */
  'team:settle': {
    method: 'settleTeamConflict',
    args: z.tuple([teamSettleRequestSchema]),
    result: returns<number>(),
  },
} as const
