import { defineHandlers } from '../ipc/define-handlers'
import type { TeamSettings } from './team-settings'

/** Settings → Team and the Progress view's team line (docs/team-mode.md, "In the app"). */
export function teamHandlers(team: TeamSettings) {
  return defineHandlers({
    'team:setup': () => team.setup(),
    'team:configure': (request) => team.configure(request),
    'team:test': (request) => team.test(request),
    'team:forget': () => team.forget(),
    'team:status': () => team.status(),
    'team:sendQueued': () => team.sendQueued(),
    'team:settle': ({ campaignId, orderId }) => team.settle(campaignId, orderId),
  })
}
