import { UsageError } from '../../main/core/system/perkpack-errors'
import { saveSettings } from '../../main/core/session/profile'
import type { Command } from '../command'
import { UNPRIVILEGED_NOTE } from '../context'
import { canPrompt, prompt, readPasswordLine } from '../io'

export const loginCommand: Command = {
  usage: 'login [--password-stdin]',
  summary: 'Sign in once: API token, e-mail and password; tokens go to the OS keychain.',
  details:
    'The password is used once to obtain an access token and is never stored. Leave the e-mail\nempty to use the API token alone (e-mails and addresses stay hidden).\n--password-stdin reads the password from the first line of standard input (a password manager\nor a secret store piping it), so it is never in the environment or the shell history.',
  options: ['password-stdin'],
  async run({ context, values }) {
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
    if (values['password-stdin'] && !email) {
      throw new UsageError(
        "--password-stdin needs an e-mail to sign in with: set PERKPACK_EMAIL to the account's e-mail.",
      )
    }
    const password = !email
      ? null
      : values['password-stdin']
        ? await readPasswordLine(io.stdin)
        : await need(env.PERKPACK_PASSWORD, 'PERKPACK_PASSWORD', `Password for ${email}: `)
    // The same sign-in as the app's: a refused token or password keeps the previous one.
    await context.keychainSession(email).signInWith(apiToken, password)
    // This host becomes the one later runs use without --base-url.
    saveSettings(context.target.dataDir, {
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
