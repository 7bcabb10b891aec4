import type { z } from 'zod'
import { IPC_CHANNELS } from '../../shared/ipc'
import type { IpcChannel, IpcEnvelope, IpcResult, IpcValidArgs } from '../../shared/ipc'
import { PerkPackError } from '../services/perkpack-errors'
import { toIpcError } from './ipc-errors'
import { isAllowedExternalUrl } from '../shell/external-links'
import { describeArgsError } from './argument-errors'
import type { AppServices } from '../app-services'

export interface ChannelHandler<C extends IpcChannel> {
  /** Validates `raw` (the arguments as they arrived) and runs; never throws. */
  (raw: readonly unknown[]): Promise<IpcEnvelope<IpcResult<C>>>
}

/** One handler per channel of the contract: the Electron glue and the web harness share it. */
export type HandlerTable = { readonly [C in IpcChannel]: ChannelHandler<C> }

export interface HandlerOptions {
  /** Opens an allowed https link in the system browser; the harness lets the page do it. */
  openExternal: (url: string) => Promise<boolean> | boolean
  /** Unexpected errors in full (redacted), for the log file or stderr. */
  log?: (line: string) => void
}

type Runners = {
  [C in IpcChannel]: (...args: IpcValidArgs<C>) => Promise<IpcResult<C>> | IpcResult<C>
}

export function createHandlers(services: AppServices, options: HandlerOptions): HandlerTable {
  const log = options.log ?? services.log
  const runners: Runners = {
    'app:info': () => services.appInfo(),
    'settings:get': () => services.getSettings(),
    'settings:update': (patch) => services.updateSettings(patch),
    'session:status': () => services.sessionInfo(),
    'session:signIn': (input) => services.signIn(input),
    'session:reauthenticate': ({ password }) => services.reauthenticate(password),
    'session:signOut': () => services.signOut(),
    'demo:start': () => services.startDemo(),
    'campaigns:recent': () => services.recentCampaigns(),
    'campaigns:sync': (request) => services.sync(request),
    'campaigns:cancelSync': ({ campaignId }) => services.cancelSync(campaignId),
    'campaigns:pendingShrink': ({ campaignId }) => services.pendingShrink(campaignId),
    'campaigns:resolveShrink': ({ campaignId, choice }) =>
      services.resolveShrink(campaignId, choice),
    'problems:list': ({ campaignId }) => services.problemRows(campaignId),
    'orders:open': ({ campaignId }) => services.openOrders(campaignId),
    'orders:query': ({ campaignId, filter }) => services.queryOrders(campaignId, filter),
    'orders:rows': (request) => services.orderRows(request),
    'orders:detail': ({ campaignId, contributionId }) =>
      services.orderDetail(campaignId, contributionId),
    'jobs:list': () => services.listJobs(),
    'jobs:watch': ({ campaignId, jobId }) => services.watchJob(campaignId, jobId),
    'jobs:unwatch': ({ campaignId, jobId }) => services.unwatchJob(campaignId, jobId),
    'signups:get': ({ campaignId, refresh }) => services.signups(campaignId, refresh),
    'account:contributions': ({ accountId }) => services.accountContributions(accountId),
    'network:status': () => services.networkStatus(),
    'shell:openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new PerkPackError(
          'link_not_allowed',
          'PerkPack opens only https links to the crowdfunding platform (indiegogo.com) in your ' +
            'browser; this link was not opened. Copy it if you trust it.',
        )
      }
      return options.openExternal(url)
    },
    'checks:run': (request) => services.runChecks(request),
    'export:excel': (request) => services.exportExcel(request),
    'export:csv': (request) => services.exportCsv(request),
    'print:labelsPreview': (request) => services.previewLabels(request),
    'print:labels': (request) => services.printLabels(request),
    'print:labelsPdf': (request) => services.saveLabelsPdf(request),
    'print:slips': (request) => services.printSlips(request),
    'print:slipsPdf': (request) => services.saveSlipsPdf(request),
  }

  const table = {} as Record<IpcChannel, ChannelHandler<IpcChannel>>
  for (const channel of Object.keys(runners) as IpcChannel[]) {
    table[channel] = handlerFor(channel, runners[channel] as Runner, services, log)
  }
  return table as unknown as HandlerTable
}

type Runner = (...args: unknown[]) => unknown

function handlerFor(
  channel: IpcChannel,
  run: Runner,
  services: AppServices,
  log: (line: string) => void,
): ChannelHandler<IpcChannel> {
  const schema = IPC_CHANNELS[channel].args as z.ZodType<unknown[]>
  return async (raw) => {
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'invalid_arguments',
          message: describeArgsError(channel, parsed.error, raw),
        },
      }
    }
    try {
      const value = await run(...(parsed.data as unknown[]))
      return { ok: true, value } as IpcEnvelope<IpcResult<IpcChannel>>
    } catch (error) {
      const ipcError = toIpcError(error, log)
      const code = await services.noteError(error)
      return { ok: false, error: code ? { ...ipcError, code } : ipcError }
    }
  }
}
