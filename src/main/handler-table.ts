import type { z } from 'zod'
import { IPC_CHANNEL_NAMES, IPC_CHANNELS } from '../shared/ipc'
import type { IpcChannel, IpcEnvelope, IpcResult } from '../shared/ipc'
import type { AppServices } from './app-services'
import { accountHandlers } from './account/account-handlers'
import { campaignsHandlers } from './campaigns/campaigns-handlers'
import { dashboardHandlers } from './dashboard/dashboard-handlers'
import { demoHandlers } from './demo/demo-handlers'
import { exportHandlers } from './export/export-handlers'
import { floorHandlers } from './floor/floor-handlers'
import { jobsHandlers } from './jobs/jobs-handlers'
import { networkHandlers } from './network/network-handlers'
import { ordersHandlers } from './orders/orders-handlers'
import { picklistHandlers } from './picklist/picklist-handlers'
import { printHandlers } from './print/print-handlers'
import { problemsHandlers } from './problems/problems-handlers'
import { sessionHandlers } from './session/session-handlers'
import { settingsHandlers } from './settings/settings-handlers'
import { shellHandlers } from './shell/shell-handlers'
import { signupsHandlers } from './signups/signups-handlers'
import { syncHandlers } from './sync/sync-handlers'
import { teamHandlers } from './team/team-handlers'
import { wavesHandlers } from './waves/waves-handlers'
import { catalogHandlers } from './catalog/catalog-handlers'
import { describeArgsError } from './ipc/argument-errors'
import type { ChannelHandler, Handlers, HandlerTable } from './ipc/define-handlers'
import { toIpcError } from './ipc/ipc-errors'

export type { ChannelHandler, HandlerTable } from './ipc/define-handlers'

export interface HandlerOptions {
  /** Opens an allowed https link in the system browser; the harness lets the page do it. */
  openExternal: (url: string) => Promise<boolean> | boolean
  /** Unexpected errors in full (redacted), for the log file or stderr. */
  log?: (line: string) => void
}

export function createHandlers(app: AppServices, options: HandlerOptions): HandlerTable {
  const log = options.log ?? app.log
  // Each feature brings its own channels; this object fails to compile while one has none.
  const handlers: Handlers = {
    ...sessionHandlers(app.connection, app.signIn),
    ...settingsHandlers(app.settings, app.connection),
    ...demoHandlers(app.demo, app.campaigns),
    ...campaignsHandlers(app.campaigns, app.orders),
    ...syncHandlers(app.syncs, (campaignId) => app.campaigns.learnTitles(campaignId)),
    ...ordersHandlers(app.orders),
    ...problemsHandlers(() => app.connection.cache()),
    ...exportHandlers(app.exports),
    ...printHandlers(app.exports),
    ...picklistHandlers(app.pickList),
    ...jobsHandlers(app.jobs),
    ...signupsHandlers(app.connection, app.now, {
      desktop: app.desktop,
      campaignName: (campaignId) => app.campaigns.name(campaignId),
    }),
    ...accountHandlers(app.connection, (titles) => app.campaigns.noteTitles(titles)),
    ...networkHandlers(app.network),
    ...shellHandlers(options.openExternal),
    ...floorHandlers(app.station, app.tracking, app.floorPlan),
    ...dashboardHandlers(app.dashboardImport),
    ...teamHandlers(app.team),
    ...wavesHandlers(app.waves),
    ...catalogHandlers(app.catalog),
  }
  const table: Partial<Record<IpcChannel, ChannelHandler<IpcChannel>>> = {}
  for (const channel of IPC_CHANNEL_NAMES) {
    table[channel] = envelopeHandler(channel, handlers[channel] as AnyHandler, app, log)
  }
  return table as HandlerTable
}

type AnyHandler = (...args: unknown[]) => unknown

function envelopeHandler(
  channel: IpcChannel,
  run: AnyHandler,
  app: AppServices,
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
      await app.connection.unlockCache()
      const value = await run(...parsed.data)
      return { ok: true, value } as IpcEnvelope<IpcResult<IpcChannel>>
    } catch (error) {
      const ipcError = toIpcError(error, log)
      const code = await app.connection.noteError(error)
      return { ok: false, error: code ? { ...ipcError, code } : ipcError }
    }
  }
}
