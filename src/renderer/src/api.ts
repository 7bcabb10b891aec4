import type { PerkPackApi } from '../../shared/ipc/contract'

/** The renderer's single door to the main process; tests replace `window.perkpack`. */
export function api(): PerkPackApi {
  const bridge = (window as Partial<Window>).perkpack
  if (!bridge)
    throw new Error('PerkPack bridge is missing: open the app through Electron or the web harness.')
  return bridge
}

/** Errors cross IPC as plain messages; keep the renderer's wording short and human. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error)
    return error.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '')
  return String(error)
}
