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
  visible = false
  maximized = false
  normalBounds = { x: 10, y: 20, width: 1280, height: 800 }

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
    this.visible = true
    this.calls.push('show')
  }
  hide() {
    this.visible = false
    this.focused = false
    this.calls.push('hide')
  }
  focused = false
  isFocused() {
    return this.focused
  }
  isVisible() {
    return this.visible
  }
  maximize() {
    this.maximized = true
    this.calls.push('maximize')
    this.emit('maximize')
  }
  isMaximized() {
    return this.maximized
  }
  getNormalBounds() {
    return { ...this.normalBounds }
  }
  focus() {
    this.focused = true
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
  /** Like Electron: `close` may be prevented (hide to tray); otherwise the window is gone. */
  close() {
    const event = fakeEvent({})
    this.emit('close', event)
    if (event.defaultPrevented) return
    this.destroy()
  }
  destroy() {
    this.destroyed = true
    this.visible = false
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

/** A tray icon that records what it was given. */
export class FakeTray extends FakeEmitter {
  static readonly instances: FakeTray[] = []
  readonly images: string[] = []
  tooltip = ''
  menu: FakeMenu | null = null
  menus = 0
  destroyed = false

  constructor(image: string) {
    super()
    this.images.push(image)
    FakeTray.instances.push(this)
  }
  get image(): string {
    return this.images.at(-1)!
  }
  setImage(image: string) {
    this.images.push(image)
  }
  setToolTip(text: string) {
    this.tooltip = text
  }
  setContextMenu(menu: FakeMenu | null) {
    this.menu = menu
    this.menus++
  }
  destroy() {
    this.destroyed = true
  }
}

export type MenuTemplateItem = { label?: string; role?: string; type?: string; checked?: boolean; enabled?: boolean; accelerator?: string; click?: () => void; submenu?: MenuTemplateItem[] }

/** A menu built from a template; `item(label)` finds an item at any depth. */
export class FakeMenu {
  constructor(readonly template: MenuTemplateItem[]) {}
  static buildFromTemplate(template: MenuTemplateItem[]): FakeMenu {
    return new FakeMenu(template)
  }
  item(label: string): MenuTemplateItem {
    const search = (items: MenuTemplateItem[]): MenuTemplateItem | undefined => {
      for (const item of items) {
        if (item.label === label) return item
        const inner = item.submenu && search(item.submenu)
        if (inner) return inner
      }
      return undefined
    }
    const found = search(this.template)
    if (!found) throw new Error(`No menu item ${label}`)
    return found
  }
  labels(): string[] {
    return this.template.map((item) => item.label ?? item.role ?? item.type ?? '?')
  }
}

/** The application menu holder (`Menu.setApplicationMenu`). */
export const fakeMenuModule = {
  current: null as FakeMenu | null,
  buildFromTemplate: (template: MenuTemplateItem[]) => FakeMenu.buildFromTemplate(template),
  setApplicationMenu(menu: FakeMenu | null) {
    fakeMenuModule.current = menu
  },
}

export class FakeNotification extends FakeEmitter {
  static readonly instances: FakeNotification[] = []
  static supported = true
  shown = false
  closed = false

  constructor(readonly options: { title: string; body: string; icon?: string }) {
    super()
    FakeNotification.instances.push(this)
  }
  static isSupported() {
    return FakeNotification.supported
  }
  show() {
    this.shown = true
  }
  close() {
    this.closed = true
    this.emit('close', {})
  }
}

export class FakePowerMonitor extends FakeEmitter {
  idleState: 'active' | 'idle' | 'locked' | 'unknown' = 'active'
  battery: boolean | Error = false
  getSystemIdleState() {
    return this.idleState
  }
  isOnBatteryPower() {
    if (this.battery instanceof Error) throw this.battery
    return this.battery
  }
}

/** safeStorage with a reversible stand-in for encryption. */
export class FakeSafeStorage {
  available = true
  backend = 'gnome_libsecret'
  failDecrypt = false
  async isAsyncEncryptionAvailable() {
    return this.available
  }
  getSelectedStorageBackend() {
    return this.backend
  }
  async encryptStringAsync(text: string) {
    return Buffer.from(`enc:${Buffer.from(text).toString('hex')}`)
  }
  async decryptStringAsync(data: Buffer) {
    const text = data.toString()
    if (this.failDecrypt || !text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    return { result: Buffer.from(text.slice(4), 'hex').toString(), shouldReEncrypt: false }
  }
}

/** Electron's protocol module: what was made privileged (and whether before ready), and the scheme handlers. */
export class FakeProtocol {
  privileged: Array<{ scheme: string; privileges?: Record<string, unknown> }> = []
  privilegedBeforeReady: boolean | null = null
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>()

  constructor(private readonly isReady: () => boolean = () => false) {}

  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: Record<string, unknown> }>): void {
    this.privileged.push(...schemes)
    this.privilegedBeforeReady = !this.isReady()
  }
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    this.handlers.set(scheme, handler)
  }
}
