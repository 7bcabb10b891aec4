import {
  DEFAULT_STATUSES,
  buildPickList,
  describeChoices,
  filterContributions,
  joinPresent,
  perkLabels,
} from '../shared/fulfillment'
import type { CampaignContribution } from '../shared/api/schemas'
import { ORDER_STATUSES } from '../shared/api/schemas'
import type { ContributionQuery } from '../main/services/cache'
import { UsageError } from '../main/services/perkpack-errors'
import { fetchAccountContributions, fetchSignups, watchJob } from '../main/services/operations'
import { readSettings, writeSettings } from '../main/services/profile'
import { Session } from '../main/services/session'
import { SnapshotShrank } from '../main/services/shrink'
import { checkConcurrency, syncCampaign } from '../main/services/sync'
import { DEFAULT_CONCURRENCY } from '../shared/ipc'
import type { SyncResult } from '../main/services/sync'
import { USER_AGENT } from '../main/services/version'
import { saveView } from '../main/orders/view-store'
import { CSV_COMMANDS } from './commands/export-csv'
import { jobLine } from './job-line'
import { statusesFrom, unknownStatusNotes } from './statuses'
import { EXPORT_COMMANDS } from './commands/export'
import { PROBLEM_COMMANDS, problemWarning, shrinkHint, strictFailure } from './commands/problems'
import type { CliContext } from './context'
import { bar, canPrompt, formatDuration, ProgressLine, prompt, table } from './io'

export interface ParsedValues {
  'base-url'?: string
  'auth-url'?: string
  'data-dir'?: string
  debug?: boolean
  help?: boolean
  version?: boolean
  json?: boolean
  status?: string
  perk?: string
  concurrency?: string
  watch?: boolean
  account?: string
  out?: string
  format?: string
  strict?: boolean
  'accept-shrink'?: boolean
}

export interface CommandInput {
  context: CliContext
  args: string[]
  values: ParsedValues
  signal: AbortSignal
}

export interface Command {
  usage: string
  summary: string
  details?: string
  options: string[]
  run(input: CommandInput): Promise<number>
}

const GLOBAL_HELP = `Global options:
  --base-url URL   data API (env PERKPACK_BASE_URL; default https://api.indiegogo.com)
  --auth-url URL   sign-in host, token at <URL>/oauth/token (env PERKPACK_AUTH_URL)
  --data-dir DIR   offline cache and settings (env PERKPACK_DATA_DIR)
  --debug          show details (redacted) when something fails
  -h, --help       help; -v, --version  version

Credentials: PERKPACK_API_TOKEN, PERKPACK_EMAIL, PERKPACK_PASSWORD, else the OS keychain
(after \`perkpack login\`), else a prompt on a terminal.
Exit codes: 0 ok, 1 runtime failure (network, server; sync --strict with unreadable rows),
2 usage, missing credentials, bad input, 3 sync held back: far fewer orders than the offline copy.
`

export function mainHelp(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`)
  return `perkpack: crowdfunding reward fulfillment from the command line

Usage: perkpack <command> [options]

Commands:
${lines.join('\n')}

${GLOBAL_HELP}`
}

export function commandHelp(name: string): string {
  const command = COMMANDS[name]
  if (!command) return mainHelp()
  return `Usage: perkpack ${command.usage}

${command.summary}
${command.details ? `\n${command.details}\n` : ''}
${GLOBAL_HELP}`
}

export function campaignArg(args: string[], usage: string): number {
  const raw = args[0]
  if (!raw) throw new UsageError(`Missing campaign ID. Usage: perkpack ${usage}`)
  return positiveInt(raw, 'campaign ID')
}

export function positiveInt(raw: string, what: string): number {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) <= 0) {
    throw new UsageError(`The ${what} must be a positive whole number (got "${raw}").`)
  }
  return Number(raw)
}

function syncedCache(context: CliContext, campaignId: number) {
  const cache = context.cache()
  if (!cache.campaign(campaignId)) {
    throw new UsageError(
      `There is no offline copy of campaign ${campaignId} in ${context.target.dataDir}. Run \`perkpack sync ${campaignId}\` first.`,
    )
  }
  return cache
}

export function cachedRows(context: CliContext, campaignId: number): CampaignContribution[] {
  return syncedCache(context, campaignId).contributions(campaignId)
}

/** The cached rows exactly as the API sent them, filtered through the cache's indexes. */
function cachedRawRows(context: CliContext, campaignId: number, query: ContributionQuery) {
  return syncedCache(context, campaignId).rawContributions(campaignId, query)
}

export function printJson(context: CliContext, value: unknown): void {
  context.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

/** `perkpack sync` held back a much smaller snapshot (see --accept-shrink). */
export const EXIT_SHRINK = 3

const UNPRIVILEGED_NOTE =
  'Signed in with an API token only: e-mails and shipping addresses are hidden. Set PERKPACK_EMAIL and PERKPACK_PASSWORD (or run `perkpack login` with your e-mail) to see them.'

const CORE_COMMANDS: Record<string, Command> = {
  login: {
    usage: 'login',
    summary: 'Sign in once: API token, e-mail and password; tokens go to the OS keychain.',
    details:
      'The password is used once to obtain an access token and is never stored. Leave the e-mail\nempty to use the API token alone (e-mails and addresses stay hidden).',
    options: [],
    async run({ context }) {
      const { io } = context
      const env = io.env
      const interactive = canPrompt(io)
      const need = (
        value: string | undefined,
        variable: string,
        question: string,
        secret: boolean,
      ) => {
        if (value) return Promise.resolve(value)
        if (!interactive)
          throw new UsageError(
            `${variable} is not set and there is no terminal to ask on. Set ${variable}.`,
          )
        return prompt(io, question, secret)
      }
      const apiToken = await need(
        env.PERKPACK_API_TOKEN?.trim(),
        'PERKPACK_API_TOKEN',
        'API token: ',
        true,
      )
      const email =
        env.PERKPACK_EMAIL?.trim() ||
        (interactive ? await prompt(io, 'E-mail (empty for API token only): ') : '') ||
        null
      const session = new Session({
        fetch: globalThis.fetch,
        store: context.secretStore(),
        authUrl: context.target.authUrl,
        email,
        userAgent: USER_AGENT,
      })
      await session.setApiToken(apiToken)
      if (email) {
        const password = await need(
          env.PERKPACK_PASSWORD,
          'PERKPACK_PASSWORD',
          `Password for ${email}: `,
          true,
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
  },

  logout: {
    usage: 'logout',
    summary: 'Remove every secret of the account and wipe its offline cache.',
    options: [],
    async run({ context }) {
      const email = context.rememberedEmail()
      const session = new Session({
        fetch: globalThis.fetch,
        store: context.secretStore(),
        authUrl: context.target.authUrl,
        email,
        userAgent: USER_AGENT,
      })
      await session.signOut()
      const cachePath = context.wipeCache()
      const settings = readSettings(context.target.dataDir)
      writeSettings(context.target.dataDir, { ...settings, email: null })
      context.io.stdout.write(
        `Signed out${email ? ` ${email}` : ''}: secrets removed from ${context.secretStore().description}, offline cache ${cachePath} deleted.\n`,
      )
      return 0
    },
  },

  sync: {
    usage: 'sync <campaign-id> [--concurrency N] [--strict] [--accept-shrink]',
    summary: 'Download every contribution of a campaign into the offline cache.',
    details: `--concurrency N  pages fetched at once, 1 to 16 (default ${DEFAULT_CONCURRENCY})
--strict         exit 1 when any contribution could not be read (they are stored all the same)
--accept-shrink  replace the offline copy even when this sync found far fewer orders
The previous offline copy stays until the new one is complete. Contributions PerkPack cannot
read are kept apart as problem rows: one warning line, and \`perkpack problems\` lists them.
When a sync finds under 90 % of the orders of the offline copy (a wrong address, a server
answering in part), the copy is kept and the sync exits 3 with both counts.`,
    options: ['concurrency', 'strict', 'accept-shrink'],
    async run({ context, args, values, signal }) {
      const campaignId = campaignArg(args, 'sync <campaign-id>')
      const stored = readSettings(context.target.dataDir).concurrency
      const concurrency = checkConcurrency(
        values.concurrency !== undefined
          ? positiveInt(values.concurrency, '--concurrency value')
          : (stored ?? DEFAULT_CONCURRENCY),
      )
      const session = await context.session()
      if (!session.privileged) context.warn(UNPRIVILEGED_NOTE)
      const progress = new ProgressLine(context.io.stderr)
      const syncing = syncCampaign({
        client: context.client(session),
        cache: context.cache(),
        campaignId,
        privileged: session.privileged,
        concurrency,
        signal,
        acceptShrink: Boolean(values['accept-shrink']),
        onProgress: (p) => {
          const eta = p.etaMs === null ? '' : ` · ${formatDuration(p.etaMs)} left`
          progress.draw(
            `${bar(p.pagesDone, p.pagesTotal)} ${p.pagesDone}/${p.pagesTotal} pages · ${p.records}/${p.expected} records · ${Math.round(p.rate)}/s${eta}`,
          )
        },
      }).finally(() => progress.done())
      let result: SyncResult
      try {
        result = await syncing
      } catch (error) {
        if (!(error instanceof SnapshotShrank)) throw error
        error.decline()
        context.warn(error.message)
        context.warn(shrinkHint(error.counts))
        return EXIT_SHRINK
      }
      const { snapshot } = result
      // What the desktop app reads first when it opens these orders.
      saveView(context.cache(), campaignId, snapshot.lastSyncedAt)
      context.io.stdout.write(
        `Synced ${snapshot.count} contributions of campaign ${campaignId} in ${formatDuration(result.elapsedMs)} (${result.pagesFetched} pages, concurrency ${concurrency}).\n`,
      )
      const warning = problemWarning(campaignId, snapshot.problemCount)
      if (warning) context.io.stderr.write(`${warning}\n`)
      if (values.strict && snapshot.problemCount > 0) {
        context.warn(strictFailure(campaignId, snapshot.problemCount))
        return 1
      }
      return 0
    },
  },

  orders: {
    usage: 'orders <campaign-id> [--status a,b] [--perk ID] [--json]',
    summary: 'List orders from the offline cache (no network).',
    details: `--status a,b  order statuses (${ORDER_STATUSES.join(', ')}, or another status the\n              orders carry), or "all" (default: all)\n--perk ID     only orders holding this perk\n--json        the cached contributions exactly as the API returned them`,
    options: ['status', 'perk', 'json'],
    async run({ context, args, values }) {
      const campaignId = campaignArg(args, 'orders <campaign-id>')
      const cached = cachedRows(context, campaignId)
      const statuses = statusesFrom(values.status, [], cached)
      const perkId =
        values.perk !== undefined ? positiveInt(values.perk, '--perk value') : undefined
      const filter = { statuses, ...(perkId !== undefined ? { perkId } : {}) }
      if (values.json) {
        // As the API returned them: a row the model read leniently is printed as it came.
        printJson(context, cachedRawRows(context, campaignId, filter))
        return 0
      }
      const rows = filterContributions(cached, filter)
      const body = rows.map((c) => [
        c.order.sequence_number == null ? '' : `#${c.order.sequence_number}`,
        String(c.order.id),
        joinPresent([c.order.shipping?.name], '') ||
          joinPresent([c.contributor_name], '') ||
          joinPresent([c.by], ''),
        c.order.status,
        perkLabels(c.order.perks, ' + ') || '(no perk)',
        joinPresent([c.order.shipping?.country], ''),
      ])
      context.io.stdout.write(
        `${table(['Seq', 'Order', 'Backer', 'Status', 'Perks', 'Country'], body)}\n`,
      )
      context.io.stdout.write(`${rows.length} order${rows.length === 1 ? '' : 's'}\n`)
      for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)
      return 0
    },
  },

  picklist: {
    usage: 'picklist <campaign-id> [--status a,b] [--json]',
    summary: 'Units to pick per SKU variant, from the offline cache (no network).',
    details: `--status a,b  order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})\n--json        [{sku_code, item_name, choices, quantity, order_count, perks}]`,
    options: ['status', 'json'],
    async run({ context, args, values }) {
      const campaignId = campaignArg(args, 'picklist <campaign-id>')
      const cached = cachedRows(context, campaignId)
      const statuses = statusesFrom(values.status, DEFAULT_STATUSES, cached)
      const rows = buildPickList(filterContributions(cached, { statuses }))
      for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)
      if (values.json) {
        printJson(context, rows)
        return 0
      }
      const body = rows.map((r) => [
        r.sku_code,
        r.item_name,
        describeChoices(r.choices),
        String(r.quantity),
        String(r.order_count),
      ])
      context.io.stdout.write(`${table(['SKU', 'Item', 'Choices', 'Qty', 'Orders'], body)}\n`)
      const units = rows.reduce((sum, r) => sum + r.quantity, 0)
      context.io.stdout.write(`${rows.length} variants, ${units} units\n`)
      return 0
    },
  },

  job: {
    usage: 'job <campaign-id> <job-id> [--watch] [--json]',
    summary: 'Status of a batch order update job; --watch polls until it ends.',
    options: ['watch', 'json'],
    async run({ context, args, values, signal }) {
      const campaignId = campaignArg(args, 'job <campaign-id> <job-id>')
      const jobId = args[1]?.trim()
      if (!jobId) throw new UsageError('Missing job ID. Usage: perkpack job <campaign-id> <job-id>')
      const session = await context.session()
      const client = context.client(session)
      const progress = new ProgressLine(context.io.stderr)
      const status = values.watch
        ? await watchJob(client, campaignId, jobId, {
            signal,
            onProgress: (s) =>
              progress.draw(
                `${bar(s.number_processed ?? 0, s.total ?? 0)} ${s.status} ${s.number_processed ?? '?'}/${s.total ?? '?'}${s.message ? ` · ${s.message}` : ''}`,
              ),
          }).finally(() => progress.done())
        : await client.batchStatus(campaignId, jobId, { signal })
      context.cache().putDocument('job', `${campaignId}/${jobId}`, status)
      if (values.json) printJson(context, status)
      else context.io.stdout.write(`${jobLine(jobId, status)}\n`)
      return 0
    },
  },

  signups: {
    usage: 'signups <campaign-id> [--json]',
    summary: 'E-mail sign-ups of the pre-launch page (kept for offline use).',
    options: ['json'],
    async run({ context, args, values, signal }) {
      const campaignId = campaignArg(args, 'signups <campaign-id>')
      const session = await context.session()
      const signups = await fetchSignups(context.client(session), campaignId, signal)
      context.cache().putDocument('signups', String(campaignId), signups)
      if (values.json) {
        printJson(context, signups)
        return 0
      }
      context.io.stdout.write(
        `${table(
          ['E-mail', 'Signed up'],
          signups.map((s) => [s.email, s.signup_time ?? '']),
          60,
        )}\n`,
      )
      context.io.stdout.write(`${signups.length} sign-up${signups.length === 1 ? '' : 's'}\n`)
      return 0
    },
  },

  contributions: {
    usage: 'contributions --account <id> [--json]',
    summary: 'Contributions made by an account (visible only when signed in as that account).',
    options: ['account', 'json'],
    async run({ context, values, signal }) {
      if (!values.account)
        throw new UsageError('Missing --account <id>. Usage: perkpack contributions --account <id>')
      const accountId = String(positiveInt(values.account, 'account ID'))
      const session = await context.session()
      const result = await fetchAccountContributions(context.client(session), accountId, signal)
      if (values.json) {
        printJson(
          context,
          result.visible
            ? {
                account_id: Number(accountId),
                hidden: false,
                count: result.count,
                contributions: result.contributions,
              }
            : {
                account_id: Number(accountId),
                hidden: true,
                count: result.hiddenCount,
                message: result.message,
                contributions: [],
              },
        )
        return 0
      }
      if (!result.visible) {
        context.io.stdout.write(`${result.message}\n`)
        return 0
      }
      const body = result.contributions.map((c) => [
        c.created_at?.trim().slice(0, 10) ?? '',
        joinPresent([c.campaign?.title], '') || joinPresent([c.campaign?.slug], ''),
        perkLabels(c.order?.perks ?? [], ' + ') || '(no perk)',
        c.amount == null ? '' : String(c.amount),
      ])
      context.io.stdout.write(`${table(['Date', 'Campaign', 'Perks', 'Amount'], body)}\n`)
      context.io.stdout.write(`${result.count} contribution${result.count === 1 ? '' : 's'}\n`)
      return 0
    },
  },
}

export const COMMANDS: Record<string, Command> = {
  ...CORE_COMMANDS,
  ...PROBLEM_COMMANDS,
  ...EXPORT_COMMANDS,
  ...CSV_COMMANDS,
}
