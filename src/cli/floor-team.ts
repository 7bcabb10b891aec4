import { plural } from '../shared/export/check-text'
import type { Command } from './command'
import { withCaughtUpTeam } from './team-option'

/**
 * A floor-plan command (stock, wave, hold, release, address, reship) in team mode: the other
 * desks' changes are pulled first (a wave is planned against the waves they saved), the change
 * is written to this desk's plan as without a team (and into its pending list, in the same
 * transaction), then sent. Unreachable: the change stays on this desk and goes with the next
 * sync, of the app or of any command.
 */
export function sharingFloorPlan(command: Command): Command {
  return {
    ...command,
    options: [...command.options, 'team-url'],
    run: (input) =>
      withCaughtUpTeam(input.context, input.values, async (team) => {
        const code = await command.run(input)
        const pending = team?.floorStatus().pending ?? 0
        if (team && pending > 0 && (await team.syncFloor()) === null)
          input.context.warn(
            `The team store cannot be reached: ${plural(pending, 'change')} of the floor plan wait on this desk and go with the next \`perkpack team sync\` or command.`,
          )
        return code
      }),
  }
}
