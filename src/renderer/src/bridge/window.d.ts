import type { Bridge } from '@shared/bridge'

declare global {
  interface Window {
    /** Exposed by the preload in Electron; absent in a plain browser. */
    proofwatch?: Bridge
  }
}

export {}
