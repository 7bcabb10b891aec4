// What the main process and the CLI use of team mode (docs/team-mode.md).
export { openTeamDesk } from './open-team-desk'
export type { OpenTeamDeskOptions } from './open-team-desk'
export { TeamDesk } from './team-desk'
export type { ReplayReport, TeamChange, TeamWriteResult } from './team-desk'
export { connectTeam } from './team-connection'
export { migrateTeam, TEAM_SCHEMA_VERSION } from './team-schema'
export { TeamUnreachable } from './team-errors'
