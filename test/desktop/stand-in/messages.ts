/**
 * What the stand-in Electron (in the app's process) and the test (its
 * parent) say to each other over the Node IPC channel. The channel uses
 * `serialization: 'advanced'` (V8's structured clone), as Electron's IPC does.
 */

/** One thing the app did through the Electron API: `api` is `module.member` or `Class.member`. */
export interface Recorded {
  api: string
  args: unknown[]
  /** Which BrowserWindow, Tray or Notification, for calls on instances. */
  instance?: number
}

/** What the test can ask a main-process object about, to see the app's guards at work. */
export type Probe =
  | { probe: 'navigate'; url: string }
  | { probe: 'window-open'; url: string }
  | { probe: 'headers' }
  | { probe: 'permission'; permission: string; requestingUrl: string }
  | { probe: 'resources' }
  | { probe: 'tray-menu' }
  | { probe: 'notification-click'; index: number }
  /** A request to a scheme the app handles (protocol.handle), answered by the app's handler. */
  | { probe: 'scheme-request'; url: string }

export type FromApp =
  | { kind: 'hello'; pid: number; node: string; argv: string[] }
  | { kind: 'record'; entry: Recorded }
  | { kind: 'to-renderer'; windowId: number; channel: string; args: unknown[] }
  /** The app touched something the stand-in does not stand in for. */
  | { kind: 'missing'; name: string }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; message: string }

export type ToApp =
  /** `ipcRenderer.invoke` from the page of window `windowId`, whose top frame is at `frameUrl`. */
  | { kind: 'invoke'; id: number; windowId: number; frameUrl: string; channel: string; args: unknown[] }
  /** `ipcRenderer.send` from that page. */
  | { kind: 'send'; windowId: number; frameUrl: string; channel: string; args: unknown[] }
  | { kind: 'probe'; id: number; windowId: number; probe: Probe }
  | { kind: 'quit' }
