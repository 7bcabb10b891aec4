import { UsageError } from '../../main/services/perkpack-errors'
import { readSettings, writeSettings } from '../../main/services/profile'
import type { Command } from '../command'
import { UNPRIVILEGED_NOTE } from '../context'
import { canPrompt, prompt } from '../io'

export const loginCommand: Command = {
  usage: 'login',
  summary: 'Sign in once: API token, e-mail and password; tokens go to the OS keychain.',
  details:
    'The password is used once to obtain an access token and is never stored. Leave the e-mail\nempty to use the API token alone (e-mails and addresses stay hidden).',
  options: [],
  async run({ context }) {
    const { io } = context
    const env = io.env
    const interactive = canPrompt(io)
    const need = (value: string | undefined, variable: string, question: string) => {
      if (value) return Promise.resolve(value)
      if (!interactive)
        throw new UsageError(
          `${variable} is not set and there is no terminal to ask on. Set ${variable}.`,
        )
      return prompt(io, question, true)
    }
    const apiToken = await need(env.PERKPACK_API_TOKEN?.trim(), 'PERKPACK_API_TOKEN', 'API token: ')
    const email =
      env.PERKPACK_EMAIL?.trim() ||
      (interactive ? await prompt(io, 'E-mail (empty for API token only): ') : '') ||
      null
    const session = context.keychainSession(email)
    await session.setApiToken(apiToken)
    if (email) {
      const password = await need(
        env.PERKPACK_PASSWORD,
        'PERKPACK_PASSWORD',
        `Password for ${email}: `,
      )
      await session.signIn(password)
    }
    const settings = readSettings(context.target.dataDir)
    writeSettings(context.target.dataDir, {
      ...settings,
      baseUrl: context.target.baseUrl,
      authUrl: context.target.authUrl,
      email,
    })
    const where = context.secretStore().description
    io.stdout.write(
      email
        ? `Signed in as ${email} at ${context.target.authUrl}; tokens kept in ${where}.\n`
        : `API token kept in ${where}. ${UNPRIVILEGED_NOTE}\n`,
    )
    return 0
  },
}
