import type { IpcErrorCode } from './error-codes'

/** An error as it crosses IPC: a stable code and a message already fit for a person. */
export interface IpcError {
  code: IpcErrorCode
  message: string
}

/**
 * What a handler's answer looks like on the wire. Thrown errors lose their fields over
 * Electron's IPC, so failures travel as values and the bridge turns them back into errors.
 */
export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** Thrown in the renderer for a failed operation; `code` is stable, `message` human. */
export class BridgeError extends Error {
  override name = 'BridgeError'
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message)
  }
}
