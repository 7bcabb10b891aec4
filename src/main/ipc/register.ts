import { ipcMain } from 'electron'
import type { IpcMainInvokeEvent } from 'electron'
import type { HandlerTable } from './define-handlers'
import { IPC_CHANNEL_NAMES } from '../../shared/ipc'
import type { IpcChannel, IpcEnvelope } from '../../shared/ipc'

/**
 * The only way main answers the renderer. A frame we did not load (an injected iframe, a page
 * reached by a navigation we failed to block) gets a refusal and nothing else; the handler then
 * validates the arguments before any service sees them, because the renderer is the least
 * trusted process. Returns a function that removes every handler again.
 */
export function registerHandlers(
  table: HandlerTable,
  isTrustedUrl: (url: string) => boolean,
): () => void {
  for (const channel of IPC_CHANNEL_NAMES) {
    const handler = table[channel] as (raw: readonly unknown[]) => Promise<IpcEnvelope<unknown>>
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...raw: unknown[]) => {
      if (!isTrustedSender(event, isTrustedUrl)) return Promise.resolve(refusal(channel))
      return handler(raw)
    })
  }
  return () => {
    for (const channel of IPC_CHANNEL_NAMES) ipcMain.removeHandler(channel)
  }
}

function isTrustedSender(
  event: IpcMainInvokeEvent,
  isTrustedUrl: (url: string) => boolean,
): boolean {
  const frame = event.senderFrame
  // Only the top frame of our own page: an iframe would have no business talking to main.
  if (!frame || frame !== event.sender.mainFrame) return false
  return isTrustedUrl(frame.url)
}

function refusal(channel: IpcChannel): IpcEnvelope<never> {
  return {
    ok: false,
    error: {
      code: 'untrusted_sender',
      message: `Refused ${channel}: the request did not come from PerkPack's own window.`,
    },
  }
}
