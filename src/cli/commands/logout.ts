import { saveSettings } from '../../main/services/profile'
import type { Command } from '../command'

export const logoutCommand: Command = {
  usage: 'logout',
  summary: 'Remove every secret of the account and wipe its offline cache.',
  options: [],
  async run({ context }) {
    const email = context.rememberedEmail()
    await context.keychainSession(email).signOut()
    const cachePath = context.wipeCache()
    saveSettings(context.target.dataDir, { email: null })
    context.io.stdout.write(
      `Signed out${email ? ` ${email}` : ''}: secrets removed from ${context.secretStore().description}, offline cache ${cachePath} deleted.\n`,
    )
    return 0
  },
}
