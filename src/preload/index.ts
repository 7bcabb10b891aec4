import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from '../shared/ipc/contract'

// The renderer gets named methods only; ipcRenderer itself never leaves the preload.
const api = createBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args))

contextBridge.exposeInMainWorld('perkpack', api)
