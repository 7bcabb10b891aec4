/// <reference types="vite/client" />
import type { PerkPackBridge } from '@shared/ipc'

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

declare global {
  interface Window {
    /** Provided by the preload (Electron) or by the web harness (browser); see api.ts. */
    perkpack: PerkPackBridge
  }
}
