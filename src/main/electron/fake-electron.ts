/**
 * Stand-ins for the Electron main-process objects, for tests: Electron cannot
 * run in the test environment. They record calls and let a test fire events.
 */

type Handler = (...args: unknown[]) => unknown

export class FakeEmitter {
  private readonly handlers = new Map<string, Handler[]>()

  on(name: string, handler: Handler): this {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler])
    return this
  }

  once(name: string, handler: Handler): this {
    const wrapper: Handler = (...args) => {
      this.removeListener(name, wrapper)
      return handler(...args)
    }
    return this.on(name, wrapper)
  }

  removeListener(name: string, handler: Handler): this {
    this.handlers.set(
      name,
      (this.handlers.get(name) ?? []).filter((h) => h !== handler),
    )
    return this
  }

  emit(name: string, ...args: unknown[]): boolean {
    const list = this.handlers.get(name) ?? []
    for (const handler of [...list]) handler(...args)
    return list.length > 0
  }

  listenerCount(name: string): number {
    return this.handlers.get(name)?.length ?? 0
  }
}

/** A cancellable Electron event: `{ preventDefault, defaultPrevented, ...fields }`. */
export function fakeEvent<T extends object>(fields: T): T & { preventDefault(): void; defaultPrevented: boolean } {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

export class FakeSession {
  permissionRequestHandler: Handler | null = null
  permissionCheckHandler: Handler | null = null
  headersReceivedListener: Handler | null = null
  setPermissionRequestHandler(handler: Handler | null) {
    this.permissionRequestHandler = handler
  }
  setPermissionCheckHandler(handler: Handler | null) {
    this.permissionCheckHandler = handler
  }
  readonly webRequest = {
    onHeadersReceived: (listener: Handler | null) => {
      this.headersReceivedListener = listener
    },
  }
}

export class FakeWebContents extends FakeEmitter {
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  windowOpenHandler: Handler | null = null
  destroyed = false
  readonly session = new FakeSession()

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, args })
  }
  setWindowOpenHandler(handler: Handler) {
    this.windowOpenHandler = handler
  }
  isDestroyed() {
    return this.destroyed
  }
  destroy() {
    this.destroyed = true
    this.emit('destroyed')
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static readonly instances: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  readonly calls: string[] = []
  loaded: { url?: string; file?: string } = {}
  destroyed = false
  minimized = false

  constructor(readonly options: Record<string, unknown>) {
    super()
    FakeBrowserWindow.instances.push(this)
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed)
  }
  loadURL(url: string) {
    this.loaded = { url }
    return Promise.resolve()
  }
  loadFile(file: string) {
    this.loaded = { file }
    return Promise.resolve()
  }
  show() {
    this.calls.push('show')
  }
  focus() {
    this.calls.push('focus')
  }
  restore() {
    this.minimized = false
    this.calls.push('restore')
  }
  isMinimized() {
    return this.minimized
  }
  isDestroyed() {
    return this.destroyed
  }
  close() {
    this.destroyed = true
    this.webContents.destroy()
    this.emit('closed')
  }
}

export class FakeIpcMain extends FakeEmitter {
  readonly invokeHandlers = new Map<string, Handler>()
  handle(channel: string, handler: Handler) {
    if (this.invokeHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.invokeHandlers.set(channel, handler)
  }
  removeHandler(channel: string) {
    this.invokeHandlers.delete(channel)
  }
  /** Calls a handler the way `ipcRenderer.invoke` would. */
  async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.invokeHandlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    return handler(event, ...args)
  }
}

/** An IPC event from a frame at `url` in `sender`. */
export function ipcEventFrom(sender: unknown, url: string | null, parent: unknown = null) {
  return { sender, senderFrame: url === null ? null : { url, parent } }
}
