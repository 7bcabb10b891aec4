import type { IpcEventName, IpcEvents } from '../shared/ipc'
import type { Desktop } from './export/desktop-port'

/** How Electron (webContents.send) or the harness (Server-Sent Events) deliver events. */
export type Emit = <E extends IpcEventName>(event: E, payload: IpcEvents[E]) => void

/**
 * What the composition root holds for every feature: the data directory, the clock, the log,
 * the way events leave and the platform. Each `create<Feature>Feature` picks the fields it uses
 * (`Pick<AppBasics, ...>`) and names the other features it needs beside them, so its deps type
 * says what it is built from; none of them sees the whole AppServices.
 */
export interface AppBasics {
  /** Settings, caches: Electron's userData, or PERKPACK_DATA_DIR. */
  dataDir: string
  env: Record<string, string | undefined>
  /** Details for the log (stderr in the harness, the console in Electron). Redacted already. */
  log: (line: string) => void
  now: () => number
  /** Language of the person shipping: country names on addresses. */
  locale: string
  /** Dropped once the app is disposed; a failed delivery is logged, never thrown. */
  emit: Emit
  /** Save dialogs and printing: Electron's, the harness's, or a test's; NO_DESKTOP without. */
  desktop: Desktop
}
