import type { IncomingMessage, ServerResponse } from 'node:http'
import { IPC_CHANNEL_NAMES } from '../shared/ipc'
import type { IpcChannel } from '../shared/ipc'
import type { HandlerTable } from '../main/handler-table'
import type { EventStreams } from './event-stream'
import { SEQ_HEADER } from './harness-protocol'
import { readBody, refuse, sendJson } from './http-replies'

/**
 * `POST /__harness/ipc/<channel>` with the arguments as a JSON array: the same handler table as
 * Electron's ipcMain, so validation and envelopes are the desktop app's own.
 */
export function ipcEndpoint(table: HandlerTable, events: EventStreams) {
  return async (channel: string, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!(IPC_CHANNEL_NAMES as string[]).includes(channel)) {
      return refuse(res, 404, 'unknown_channel', `There is no operation "${channel}".`)
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return refuse(res, 415, 'bad_request', 'Send the arguments as a JSON array.')
    }
    let args: unknown
    try {
      args = JSON.parse(await readBody(req))
    } catch {
      return refuse(res, 400, 'bad_request', 'Send the arguments as a JSON array (at most 4 MB).')
    }
    if (!Array.isArray(args)) {
      return refuse(res, 400, 'bad_request', 'Send the arguments as a JSON array.')
    }
    const handler = table[channel as IpcChannel] as (raw: unknown[]) => Promise<unknown>
    const envelope = await handler(args)
    sendJson(res, 200, envelope, { [SEQ_HEADER]: String(events.lastSeq) })
  }
}
