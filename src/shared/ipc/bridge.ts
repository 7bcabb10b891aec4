import { BRIDGE_EVENTS, BRIDGE_METHODS } from './channels'
import type {
  BridgeEvents,
  BridgeMethods,
  IpcArgs,
  IpcChannel,
  IpcEventName,
  IpcEvents,
  IpcResult,
} from './channels'
import { BridgeError } from './envelope'
import type { IpcEnvelope } from './envelope'

/** How a bridge reaches main: Electron's ipcRenderer.invoke in the preload, HTTP in the harness. */
export type Invoke = <C extends IpcChannel>(
  channel: C,
  ...args: IpcArgs<C>
) => Promise<IpcEnvelope<IpcResult<C>>>

export type Subscribe = <E extends IpcEventName>(
  event: E,
  listener: (payload: IpcEvents[E]) => void,
) => () => void

/** `onSyncProgress(listener)` returns its unsubscribe function. */
type BridgeListeners = {
  [M in keyof BridgeEvents]: (listener: (payload: IpcEvents[BridgeEvents[M]]) => void) => () => void
}

/**
 * `window.perkpack` as the preload (or the web harness) exposes it: every method answers an
 * envelope. Errors are not thrown across the context bridge because Electron copies only
 * their message, and the renderer needs the code.
 */
export type PerkPackBridge = {
  [M in keyof BridgeMethods]: (
    ...args: IpcArgs<BridgeMethods[M]>
  ) => Promise<IpcEnvelope<IpcResult<BridgeMethods[M]>>>
} & BridgeListeners

/** What the renderer programs against: values, or a thrown BridgeError. */
export type PerkPackApi = {
  [M in keyof BridgeMethods]: (
    ...args: IpcArgs<BridgeMethods[M]>
  ) => Promise<IpcResult<BridgeMethods[M]>>
} & BridgeListeners

type AnyInvoke = (channel: string, ...args: unknown[]) => Promise<IpcEnvelope<unknown>>
type AnySubscribe = (event: string, listener: (payload: unknown) => void) => () => void

/** Builds `window.perkpack` over any transport: Electron IPC in the preload, HTTP in the web harness. */
export function createBridge(invoke: Invoke, subscribe: Subscribe): PerkPackBridge {
  const bridge: Record<string, unknown> = {}
  for (const [method, channel] of Object.entries(BRIDGE_METHODS)) {
    bridge[method] = (...args: unknown[]) => (invoke as AnyInvoke)(channel, ...args)
  }
  for (const [method, event] of Object.entries(BRIDGE_EVENTS)) {
    bridge[method] = (listener: (payload: unknown) => void) =>
      (subscribe as AnySubscribe)(event, listener)
  }
  return bridge as PerkPackBridge
}

/** The renderer's view of the bridge: unwraps envelopes, throwing BridgeError on failure. */
export function unwrapBridge(bridge: PerkPackBridge): PerkPackApi {
  const api: Record<string, unknown> = {}
  for (const method of Object.keys(BRIDGE_METHODS)) {
    const call = bridge[method as keyof BridgeMethods] as (
      ...a: unknown[]
    ) => Promise<IpcEnvelope<unknown>>
    api[method] = async (...args: unknown[]) => {
      const envelope = await call(...args)
      if (envelope.ok) return envelope.value
      throw new BridgeError(envelope.error.code, envelope.error.message)
    }
  }
  for (const method of Object.keys(BRIDGE_EVENTS)) {
    api[method] = bridge[method as keyof BridgeEvents]
  }
  return api as PerkPackApi
}
