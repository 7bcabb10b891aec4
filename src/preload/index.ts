import { contextBridge, ipcRenderer } from 'electron'
import type { IpcRendererEvent } from 'electron'
import { createBridge } from '../shared/ipc'

// The renderer gets named methods only; ipcRenderer itself never leaves the preload.
const bridge = createBridge(
  (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  (event, listener) => {
    // Strip the Electron event: the renderer sees the payload and nothing it could misuse.
    const forward = (_event: IpcRendererEvent, payload: unknown) =>
      listener(payload as Parameters<typeof listener>[0])
    ipcRenderer.on(event, forward)
    return () => {
      ipcRenderer.removeListener(event, forward)
    }
  },
)

contextBridge.exposeInMainWorld('perkpack', bridge)
