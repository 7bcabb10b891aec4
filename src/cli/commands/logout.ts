import { saveSettings } from '../../main/services/profile'
import type { Command } from '../command'

export const logoutCommand: Command = {
  usage: 'logout',
  summary: "Remove every secret of the account and erase the offline copies (every host's).",
  options: [],
  async run({ context }) {
    const email = context.rememberedEmail()
    // The offline copies' keys first (crypto-erase), then their files, then the sign-in.
    const dataDir = await context.eraseOfflineCopies()
    await context.keychainSession(email).signOut()
    saveSettings(context.target.dataDir, { email: null })
    context.io.stdout.write(
      `Signed out${email ? ` ${email}` : ''}: secrets removed from ${context.secretStore().description}, offline copies in ${dataDir} erased.\n`,
    )
    return 0
  },
}
