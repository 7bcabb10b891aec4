import { BridgeError, unwrapBridge } from '@shared/ipc'
import type { IpcErrorCode, PerkPackApi, PerkPackBridge } from '@shared/ipc'

let cached: { bridge: PerkPackBridge; api: PerkPackApi } | null = null

/**
 * The renderer's single door to the main process. Memoized per bridge object, so a test that
 * installs another `window.perkpack` gets a fresh wrapper without any reset call.
 */
export function api(): PerkPackApi {
  const bridge = (window as Partial<Window>).perkpack
  if (!bridge)
    throw new Error('PerkPack bridge is missing: open the app through Electron or the web harness.')
  if (cached?.bridge !== bridge) cached = { bridge, api: unwrapBridge(bridge) }
  return cached.api
}

const FALLBACK = 'Something went wrong. Try again.'

/** Main already words its errors for people; strip what Electron adds and never show a stack. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const message = error.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '')
    return message.trim() || FALLBACK
  }
  if (typeof error === 'string' && error.trim()) return error
  return FALLBACK
}

/** The stable code of a failed bridge call, or null for anything else. */
export function errorCode(error: unknown): IpcErrorCode | null {
  return error instanceof BridgeError ? error.code : null
}

/** Codes main gives (src/shared/ipc/error-codes.ts) that the renderer reacts to. */
export const SIGN_IN_REQUIRED = 'sign_in_required' satisfies IpcErrorCode
export const CANCELLED = 'cancelled' satisfies IpcErrorCode
