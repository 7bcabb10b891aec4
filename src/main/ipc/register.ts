import { ipcMain } from 'electron'
import type { IpcMainInvokeEvent } from 'electron'
import type { z } from 'zod'
import type { IpcArgs, IpcChannel, IpcResult } from '../../shared/ipc/contract'

/**
 * The only way main answers the renderer. A frame we did not load (an injected iframe, a page
 * reached by a navigation we failed to block) gets nothing, and arguments are validated before
 * any service sees them, because the renderer is the least trusted process.
 */
export function handle<C extends IpcChannel>(
  channel: C,
  argsSchema: z.ZodType<IpcArgs<C>>,
  isTrustedUrl: (url: string) => boolean,
  handler: (...args: IpcArgs<C>) => Promise<IpcResult<C>> | IpcResult<C>,
): void {
  ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...raw: unknown[]) => {
    const url = event.senderFrame?.url ?? ''
    if (!isTrustedUrl(url))
      throw new Error(`Refused ${channel}: the request did not come from PerkPack's window.`)
    const parsed = argsSchema.safeParse(raw)
    if (!parsed.success) throw new Error(`Refused ${channel}: invalid arguments.`)
    return handler(...parsed.data)
  })
}
