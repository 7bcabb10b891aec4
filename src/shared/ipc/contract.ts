/**
 * The one list of operations the renderer may ask of the main process. Main registers a
 * handler per channel, the preload (and the web harness) build one named method per channel
 * from it, and the renderer's `window.perkpack` type is derived from that object.
 * Nothing in here may carry a token: the renderer only ever learns who is signed in.
 */

export interface AppInfo {
  name: string
  version: string
  /** Data API, e.g. https://api.indiegogo.com (paths under /2/ are appended). */
  baseUrl: string
  /** Token endpoint is `${authUrl}/oauth/token`. */
  authUrl: string
  /** Where the URLs came from, so the UI can say why it talks to a non-default host. */
  source: 'default' | 'environment' | 'settings'
}

export interface IpcContract {
  'app:info': { args: []; result: AppInfo }
}

export type IpcChannel = keyof IpcContract
export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args']
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result']

/** An error as it crosses IPC: a stable code and a message already fit for a person. */
export interface IpcError {
  code: string
  message: string
}

export type Invoke = <C extends IpcChannel>(
  channel: C,
  ...args: IpcArgs<C>
) => Promise<IpcResult<C>>

/** Method names the renderer sees, one per channel. */
export const BRIDGE_METHODS = {
  appInfo: 'app:info',
} as const satisfies Record<string, IpcChannel>

type BridgeMethods = typeof BRIDGE_METHODS
export type PerkPackApi = {
  [M in keyof BridgeMethods]: (
    ...args: IpcArgs<BridgeMethods[M]>
  ) => Promise<IpcResult<BridgeMethods[M]>>
}

/** Builds `window.perkpack` over any transport: Electron IPC in the preload, HTTP in the web harness. */
export function createBridge(invoke: Invoke): PerkPackApi {
  const api: Record<string, unknown> = {}
  for (const [method, channel] of Object.entries(BRIDGE_METHODS)) {
    api[method] = (...args: IpcArgs<typeof channel>) => invoke(channel, ...args)
  }
  return api as PerkPackApi
}
