/**
 * A stand-in for the `electron` module, for running the built main bundle
 * (`out/main/index.js`) in plain Node where Electron's binary cannot run.
 * register.ts resolves `electron` here.
 *
 * It keeps Electron's observable behaviour where the app depends on it:
 * `ready` after the main script ran, before-quit / will-quit / quit with
 * preventDefault, a single-instance lock per userData folder that hands a
 * second launch's command line to the first, one ipcMain handler per channel,
 * loadFile rejecting a missing file, loadURL of a handled scheme asking the
 * app's own handler (a load fails unless it answers 200), a missing preload reported as
 * `preload-error`. It records every call and sends it to the test over the
 * Node IPC channel; the test drives the app back through the same channel
 * (renderer IPC, probes of the guards, quit).
 *
 * Entry points are typed with Electron's own declarations (`App['getPath']`,
 * `BrowserWindowConstructorOptions`…), so a wrong signature here is a compile
 * error. Anything the app reads that is not stood in for is reported as
 * missing. Plain Node runs this file by stripping types: erasable syntax only.
 */
import { EventEmitter } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as Electron from 'electron'
import type { FromApp, Probe, Recorded, ToApp } from './messages'

// ── Talking to the test ───────────────────────────────────────────────────

function tell(message: FromApp): void {
  process.send?.(message)
}

function record(api: string, args: unknown[], instance?: number): void {
  const entry: Recorded = { api, args: args.map((arg) => plain(arg, 0)) }
  if (instance !== undefined) entry.instance = instance
  tell({ kind: 'record', entry })
}

/** A copy that survives structured clone: functions and stand-in objects become labels. */
function plain(value: unknown, depth: number): unknown {
  if (typeof value === 'function') return '[function]'
  if (value === null || typeof value !== 'object') return value
  if (depth > 6) return '[deep]'
  if (value instanceof StandInMenu) return { menu: plain(value.template, depth + 1) }
  if (value instanceof StandInImage) return { image: value.path }
  if (value instanceof EventEmitter) return `[${value.constructor.name}]`
  if (Buffer.isBuffer(value)) return value
  if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item, depth + 1)]))
}

/** Names that are read as feature checks or by Node itself, and are never Electron API. */
const NOT_API = new Set(['then', 'toJSON', 'domain', 'inspect', 'constructor', 'asymmetricMatch', 'nodeType', '$$typeof'])

/** Reports a read of anything the stand-in does not have; reads as undefined, as a missing API would. */
function strict<T extends object>(target: T, name: string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'string' && !(property in object) && !property.startsWith('_') && !NOT_API.has(property)) {
        tell({ kind: 'missing', name: `${name}.${property}` })
      }
      return Reflect.get(object, property, receiver)
    },
  })
}

interface ElectronEvent {
  preventDefault(): void
  defaultPrevented: boolean
}

function electronEvent<T extends object>(fields: T): T & ElectronEvent {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

// ── Folders ───────────────────────────────────────────────────────────────

/** Stands in for the user's home: never the real one. */
const home = process.env.ELECTRON_STAND_IN_HOME ?? mkdtempSync(join(tmpdir(), 'electron-stand-in-'))

/** The app's folder: where its package.json is, above the main script (Electron's app path). */
function findAppPath(): string {
  let dir = dirname(resolve(process.argv[1] ?? '.'))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('The stand-in Electron found no package.json above the main script')
    dir = parent
  }
  return dir
}

const appPath = findAppPath()
const appPackage = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as { name: string; productName?: string; version: string }

type PathName = Parameters<Electron.App['getPath']>[0]

// ── app ───────────────────────────────────────────────────────────────────

class StandInApp extends EventEmitter {
  readonly isPackaged = false
  name = appPackage.productName ?? appPackage.name
  /** Linux has no dock. */
  readonly dock = undefined
  private readonly paths = new Map<string, string>()
  private ready = false
  private readonly readyWaiters: Array<() => void> = []
  private quitStage: 'running' | 'closing' | 'quit' = 'running'
  private lock: { file: string; socket: string; server: Server } | null = null

  constructor() {
    super()
    const appData = join(home, '.config')
    this.paths.set('home', home)
    this.paths.set('appData', appData)
    this.paths.set('temp', tmpdir())
    this.paths.set('exe', process.execPath)
    this.paths.set('module', process.execPath)
    for (const [name, folder] of [['desktop', 'Desktop'], ['documents', 'Documents'], ['downloads', 'Downloads'], ['music', 'Music'], ['pictures', 'Pictures'], ['videos', 'Videos']]) {
      this.paths.set(name!, join(home, folder!))
    }
  }

  /** Emits `ready` once the main script has run, as Electron does. */
  startReady(): void {
    setImmediate(() => {
      this.emit('will-finish-launching')
      this.ready = true
      for (const done of this.readyWaiters.splice(0)) done()
      this.emit('ready', electronEvent({}), {})
    })
  }

  readonly enableSandbox: Electron.App['enableSandbox'] = () => {
    record('app.enableSandbox', [])
    if (this.ready) throw new Error('app.enableSandbox() can only be called before app is ready')
  }

  readonly isReady: Electron.App['isReady'] = () => this.ready

  readonly whenReady: Electron.App['whenReady'] = () =>
    new Promise<void>((done) => (this.ready ? done() : this.readyWaiters.push(done)))

  readonly getName: Electron.App['getName'] = () => this.name
  readonly getVersion: Electron.App['getVersion'] = () => appPackage.version
  readonly getAppPath: Electron.App['getAppPath'] = () => appPath
  readonly getLocale: Electron.App['getLocale'] = () => 'en-US'

  readonly getPath: Electron.App['getPath'] = (name: PathName) => {
    const set = this.paths.get(name)
    if (set) return set
    const userData = this.paths.get('userData') ?? join(this.paths.get('appData')!, this.name)
    if (name === 'userData' || name === 'sessionData') return userData
    if (name === 'logs') return join(userData, 'logs')
    if (name === 'crashDumps') return join(userData, 'Crashpad')
    throw new Error(`Failed to get '${name}' path`)
  }

  readonly setPath: Electron.App['setPath'] = (name, path) => {
    record('app.setPath', [name, path])
    if (!isAbsolute(path)) throw new Error(`Path must be absolute: ${path}`)
    if (this.ready && name === 'userData') throw new Error('userData must be set before ready (Chromium has opened its profile)')
    mkdirSync(path, { recursive: true })
    this.paths.set(name, path)
  }

  readonly setAppUserModelId: Electron.App['setAppUserModelId'] = (id) => record('app.setAppUserModelId', [id])
  readonly setDesktopName = (desktopName: string): void => record('app.setDesktopName', [desktopName])
  readonly setAsDefaultProtocolClient: Electron.App['setAsDefaultProtocolClient'] = (protocol, path, args) => {
    record('app.setAsDefaultProtocolClient', [protocol, path, args])
    return true
  }
  readonly removeAsDefaultProtocolClient: Electron.App['removeAsDefaultProtocolClient'] = (protocol, path, args) => {
    record('app.removeAsDefaultProtocolClient', [protocol, path, args])
    return true
  }
  readonly isDefaultProtocolClient: Electron.App['isDefaultProtocolClient'] = () => true
  readonly setLoginItemSettings: Electron.App['setLoginItemSettings'] = (settings) => record('app.setLoginItemSettings', [settings])
  readonly focus: Electron.App['focus'] = () => record('app.focus', [])

  /**
   * Chromium's lock: a lock file in the userData folder, and a socket there
   * on which the first instance hears the command line of later ones.
   */
  readonly requestSingleInstanceLock: Electron.App['requestSingleInstanceLock'] = (additionalData) => {
    record('app.requestSingleInstanceLock', [additionalData])
    if (this.lock) return true
    const dir = this.getPath('userData')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'SingletonLock')
    const socket = join(dir, 'SingletonSocket')
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
    } catch {
      const holder = Number(readFileSync(file, 'utf8'))
      if (processAlive(holder)) {
        const handover = createConnection(socket)
        handover.on('error', (error) => console.error('Could not hand over to the first instance:', error.message))
        handover.end(JSON.stringify({ argv: process.argv, cwd: process.cwd(), additionalData: additionalData ?? null }))
        return false
      }
      // Left by a process that died: take it over.
      rmSync(file, { force: true })
      writeFileSync(file, String(process.pid), { flag: 'wx' })
    }
    rmSync(socket, { force: true })
    const server = createServer((connection) => {
      let text = ''
      connection.setEncoding('utf8')
      connection.on('data', (chunk: string) => (text += chunk))
      connection.on('end', () => {
        const { argv, cwd, additionalData: data } = JSON.parse(text) as { argv: string[]; cwd: string; additionalData: unknown }
        record('app.second-instance', [argv, cwd])
        this.emit('second-instance', electronEvent({}), argv, cwd, data)
      })
    })
    server.listen(socket)
    // The lock lasts as long as the app; it never keeps the process alive by itself.
    server.unref()
    this.lock = { file, socket, server }
    process.once('exit', () => this.releaseSingleInstanceLock())
    return true
  }

  readonly hasSingleInstanceLock: Electron.App['hasSingleInstanceLock'] = () => this.lock !== null

  readonly releaseSingleInstanceLock: Electron.App['releaseSingleInstanceLock'] = () => {
    if (!this.lock) return
    this.lock.server.close()
    rmSync(this.lock.file, { force: true })
    rmSync(this.lock.socket, { force: true })
    this.lock = null
  }

  /** before-quit, then every window closes, then will-quit and quit; then Electron would end the process. */
  readonly quit: Electron.App['quit'] = () => {
    record('app.quit', [])
    if (this.quitStage === 'quit') return
    const beforeQuit = electronEvent({})
    this.emit('before-quit', beforeQuit)
    if (beforeQuit.defaultPrevented) return
    this.quitStage = 'closing'
    for (const window of StandInBrowserWindow.getAllWindows()) window.close()
    if (StandInBrowserWindow.getAllWindows().length > 0) {
      this.quitStage = 'running'
      return
    }
    const willQuit = electronEvent({})
    this.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) {
      this.quitStage = 'running'
      return
    }
    this.quitStage = 'quit'
    this.emit('quit', electronEvent({}), 0)
    this.releaseSingleInstanceLock()
    // Electron ends the process here. The stand-in does not: Node ends it once the app has closed everything it opened.
    record('app.quitted', [])
  }

  readonly exit: Electron.App['exit'] = (exitCode) => {
    record('app.exit', [exitCode])
    this.releaseSingleInstanceLock()
    process.exit(exitCode ?? 0)
  }

  get quitting(): boolean {
    return this.quitStage !== 'running'
  }

  lastWindowClosed(): void {
    if (this.quitting) return
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed')
    else this.quit()
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// ── Windows ───────────────────────────────────────────────────────────────

class StandInSession extends EventEmitter {
  permissionRequestHandler: Parameters<Electron.Session['setPermissionRequestHandler']>[0] = null
  permissionCheckHandler: Parameters<Electron.Session['setPermissionCheckHandler']>[0] = null
  headersReceived: ((details: Electron.OnHeadersReceivedListenerDetails, callback: (response: Electron.HeadersReceivedResponse) => void) => void) | null = null

  readonly setPermissionRequestHandler: Electron.Session['setPermissionRequestHandler'] = (handler) => {
    record('session.setPermissionRequestHandler', [handler])
    this.permissionRequestHandler = handler
  }
  readonly setPermissionCheckHandler: Electron.Session['setPermissionCheckHandler'] = (handler) => {
    record('session.setPermissionCheckHandler', [handler])
    this.permissionCheckHandler = handler
  }
  readonly webRequest = strict(
    {
      onHeadersReceived: ((...args: unknown[]) => {
        const listener = args.length > 1 ? args[1] : args[0]
        record('session.webRequest.onHeadersReceived', args)
        this.headersReceived = listener as StandInSession['headersReceived']
      }) as Electron.WebRequest['onHeadersReceived'],
    },
    'session.webRequest',
  )
}

const defaultSession = strict(new StandInSession(), 'session.defaultSession')

class StandInWebContents extends EventEmitter {
  readonly id: number
  readonly session = defaultSession
  url = ''
  destroyed = false
  windowOpenHandler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0] | null = null
  private readonly windowId: number

  constructor(windowId: number) {
    super()
    this.id = windowId
    this.windowId = windowId
  }

  readonly send: Electron.WebContents['send'] = (channel, ...args) => {
    if (this.destroyed) throw new Error('Object has been destroyed')
    // Structured clone, as Electron's IPC: what cannot be cloned throws here as it would there.
    tell({ kind: 'to-renderer', windowId: this.windowId, channel, args })
  }
  readonly setWindowOpenHandler: Electron.WebContents['setWindowOpenHandler'] = (handler) => {
    record('webContents.setWindowOpenHandler', [handler], this.windowId)
    this.windowOpenHandler = handler
  }
  readonly isDestroyed: Electron.WebContents['isDestroyed'] = () => this.destroyed
  readonly getURL: Electron.WebContents['getURL'] = () => this.url
  readonly isLoading: Electron.WebContents['isLoading'] = () => false
  readonly openDevTools: Electron.WebContents['openDevTools'] = () => record('webContents.openDevTools', [], this.windowId)
  readonly reload: Electron.WebContents['reload'] = () => record('webContents.reload', [], this.windowId)
}

class StandInBrowserWindow extends EventEmitter {
  private static nextId = 1
  private static readonly open: StandInBrowserWindow[] = []

  readonly id: number
  readonly webContents: StandInWebContents
  private readonly options: Electron.BrowserWindowConstructorOptions
  private visible = false
  private minimized = false
  private maximized = false
  private destroyed = false
  private bounds: Electron.Rectangle

  static getAllWindows(): StandInBrowserWindow[] {
    return [...StandInBrowserWindow.open]
  }
  static fromId(id: number): StandInBrowserWindow | null {
    return StandInBrowserWindow.open.find((window) => window.id === id) ?? null
  }
  static getFocusedWindow(): StandInBrowserWindow | null {
    return StandInBrowserWindow.open.find((window) => window.visible) ?? null
  }

  constructor(options: Electron.BrowserWindowConstructorOptions = {}) {
    super()
    this.id = StandInBrowserWindow.nextId++
    this.options = options
    this.webContents = strict(new StandInWebContents(this.id), 'webContents')
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 }
    this.visible = options.show ?? true
    record('BrowserWindow.new', [options], this.id)
    StandInBrowserWindow.open.push(this)
    return strict(this, 'BrowserWindow')
  }

  readonly loadFile: Electron.BrowserWindow['loadFile'] = (filePath, options) => {
    record('BrowserWindow.loadFile', [filePath, options], this.id)
    const url = pathToFileURL(resolve(appPath, filePath)).href
    return this.load(url, existsSync(resolve(appPath, filePath)))
  }

  readonly loadURL: Electron.BrowserWindow['loadURL'] = async (url, options) => {
    record('BrowserWindow.loadURL', [url, options], this.id)
    const handler = schemeHandlers.get(new URL(url).protocol.slice(0, -1))
    const found = handler ? (await handler(new Request(url))).ok : !url.startsWith('file:') || existsSync(new URL(url))
    return this.load(url, found)
  }

  /** The navigation events Electron sends for a main-frame load, then ready-to-show. */
  private async load(url: string, found: boolean): Promise<void> {
    const contents = this.webContents
    await new Promise((done) => setImmediate(done))
    if (this.destroyed) throw new Error('Object has been destroyed')
    contents.emit('did-start-navigation', electronEvent({ url, isMainFrame: true, isSameDocument: false }), url, false, true)
    if (!found) {
      contents.emit('did-fail-load', electronEvent({}), -6, 'ERR_FILE_NOT_FOUND', url, true)
      throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`)
    }
    contents.url = url
    const preload = this.options.webPreferences?.preload
    if (preload !== undefined) {
      // Electron loads a preload only from an absolute path, and reports one it cannot read.
      if (!isAbsolute(preload) || !existsSync(preload)) {
        const error = new Error(`Unable to load preload script: ${preload}`)
        record('webContents.preload-error', [preload, error.message], this.id)
        contents.emit('preload-error', electronEvent({}), preload, error)
      }
    }
    contents.emit('did-navigate', electronEvent({}), url, 200, 'OK')
    contents.emit('dom-ready', electronEvent({}))
    contents.emit('did-finish-load', electronEvent({}))
    contents.emit('did-stop-loading', electronEvent({}))
    this.emit('ready-to-show', electronEvent({}))
  }

  readonly show: Electron.BrowserWindow['show'] = () => {
    record('BrowserWindow.show', [], this.id)
    const was = this.visible
    this.visible = true
    if (!was) this.emit('show', electronEvent({}))
  }
  readonly hide: Electron.BrowserWindow['hide'] = () => {
    record('BrowserWindow.hide', [], this.id)
    const was = this.visible
    this.visible = false
    if (was) this.emit('hide', electronEvent({}))
  }
  private focused = false
  readonly focus: Electron.BrowserWindow['focus'] = () => {
    this.focused = true
    record('BrowserWindow.focus', [], this.id)
  }
  readonly isFocused: Electron.BrowserWindow['isFocused'] = () => this.focused && this.visible
  readonly isVisible: Electron.BrowserWindow['isVisible'] = () => this.visible
  readonly isMinimized: Electron.BrowserWindow['isMinimized'] = () => this.minimized
  readonly minimize: Electron.BrowserWindow['minimize'] = () => {
    this.minimized = true
    this.emit('minimize', electronEvent({}))
  }
  readonly restore: Electron.BrowserWindow['restore'] = () => {
    record('BrowserWindow.restore', [], this.id)
    this.minimized = false
    this.emit('restore', electronEvent({}))
  }
  readonly maximize: Electron.BrowserWindow['maximize'] = () => {
    record('BrowserWindow.maximize', [], this.id)
    this.maximized = true
    this.emit('maximize', electronEvent({}))
  }
  readonly isMaximized: Electron.BrowserWindow['isMaximized'] = () => this.maximized
  readonly getNormalBounds: Electron.BrowserWindow['getNormalBounds'] = () => ({ ...this.bounds })
  readonly getBounds: Electron.BrowserWindow['getBounds'] = () => ({ ...this.bounds })
  readonly setBounds: Electron.BrowserWindow['setBounds'] = (bounds) => {
    this.bounds = { ...this.bounds, ...bounds }
  }
  readonly isDestroyed: Electron.BrowserWindow['isDestroyed'] = () => this.destroyed
  readonly setTitle: Electron.BrowserWindow['setTitle'] = (title) => record('BrowserWindow.setTitle', [title], this.id)

  /** `close` may be prevented; otherwise the window and its contents are destroyed. */
  readonly close: Electron.BrowserWindow['close'] = () => {
    record('BrowserWindow.close', [], this.id)
    if (this.destroyed) return
    const event = electronEvent({})
    this.emit('close', event)
    if (event.defaultPrevented) return
    this.destroy()
  }

  readonly destroy: Electron.BrowserWindow['destroy'] = () => {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.destroyed = true
    this.webContents.emit('destroyed')
    StandInBrowserWindow.open.splice(StandInBrowserWindow.open.indexOf(this), 1)
    this.emit('closed')
    if (StandInBrowserWindow.open.length === 0) app.lastWindowClosed()
  }
}

// ── IPC ───────────────────────────────────────────────────────────────────

type InvokeHandler = (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => unknown

class StandInIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>()

  readonly handle: Electron.IpcMain['handle'] = (channel, listener) => {
    record('ipcMain.handle', [channel])
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, listener as InvokeHandler)
  }
  readonly handleOnce: Electron.IpcMain['handleOnce'] = (channel, listener) => {
    this.handle(channel, (event, ...args) => {
      this.handlers.delete(channel)
      return (listener as InvokeHandler)(event, ...args)
    })
  }
  readonly removeHandler: Electron.IpcMain['removeHandler'] = (channel) => {
    record('ipcMain.removeHandler', [channel])
    this.handlers.delete(channel)
  }
  override on(channel: string | symbol, listener: (...args: never[]) => void): this {
    record('ipcMain.on', [channel])
    return super.on(channel, listener as (...args: unknown[]) => void)
  }
  override removeListener(channel: string | symbol, listener: (...args: never[]) => void): this {
    record('ipcMain.removeListener', [channel])
    return super.removeListener(channel, listener as (...args: unknown[]) => void)
  }
}

const ipcMain = strict(new StandInIpcMain(), 'ipcMain')

/** The origin Chromium gives a frame; Node's URL gives a custom standard scheme none. */
function originOf(url: string): string {
  const parsed = new URL(url)
  return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`
}

/** The event a handler gets for a message from the top frame of window `windowId`'s page. */
function ipcEvent(window: StandInBrowserWindow, frameUrl: string) {
  const frame = { url: frameUrl, parent: null, top: null as unknown, origin: originOf(frameUrl), frameTreeNodeId: 1, routingId: 1 }
  frame.top = frame
  return electronEvent({ type: 'frame', sender: window.webContents, senderFrame: frame, frameId: 1, processId: 1, returnValue: undefined as unknown })
}

// ── Tray, menus, notifications, images ────────────────────────────────────

class StandInImage {
  readonly path: string
  constructor(path: string) {
    this.path = path
  }
  isEmpty(): boolean {
    return this.path === '' || !existsSync(this.path)
  }
  getSize(): Electron.Size {
    return this.isEmpty() ? { width: 0, height: 0 } : { width: 16, height: 16 }
  }
  setTemplateImage(_option: boolean): void {}
}

const nativeImage = strict(
  {
    createFromPath: (path: string) => new StandInImage(path),
    createEmpty: () => new StandInImage(''),
  },
  'nativeImage',
)

function imagePath(image: Electron.NativeImage | string): string {
  return typeof image === 'string' ? image : (image as unknown as StandInImage).path
}

class StandInTray extends EventEmitter {
  private static nextId = 1
  readonly id = StandInTray.nextId++
  private destroyed = false

  constructor(image: Electron.NativeImage | string, guid?: string) {
    super()
    record('Tray.new', [imagePath(image), guid], this.id)
    return strict(this, 'Tray')
  }
  readonly setImage: Electron.Tray['setImage'] = (image) => record('Tray.setImage', [imagePath(image)], this.id)
  readonly setToolTip: Electron.Tray['setToolTip'] = (toolTip) => record('Tray.setToolTip', [toolTip], this.id)
  readonly setTitle: Electron.Tray['setTitle'] = (title) => record('Tray.setTitle', [title], this.id)
  readonly setContextMenu: Electron.Tray['setContextMenu'] = (menu) => record('Tray.setContextMenu', [menu], this.id)
  readonly destroy: Electron.Tray['destroy'] = () => {
    record('Tray.destroy', [], this.id)
    this.destroyed = true
  }
  readonly isDestroyed: Electron.Tray['isDestroyed'] = () => this.destroyed
}

type MenuTemplate = Parameters<typeof Electron.Menu.buildFromTemplate>[0]

class StandInMenu {
  readonly template: MenuTemplate
  constructor(template: MenuTemplate) {
    this.template = template
  }
}

const Menu = strict(
  {
    buildFromTemplate: (template: MenuTemplate) => new StandInMenu(template),
    setApplicationMenu: (menu: StandInMenu | null) => record('Menu.setApplicationMenu', [menu]),
  },
  'Menu',
)

const shownNotifications: StandInNotification[] = []

class StandInNotification extends EventEmitter {
  private static nextId = 1
  readonly id = StandInNotification.nextId++
  readonly options: Electron.NotificationConstructorOptions

  static isSupported(): boolean {
    return true
  }

  constructor(options: Electron.NotificationConstructorOptions = {}) {
    super()
    this.options = options
    record('Notification.new', [options], this.id)
    return strict(this, 'Notification')
  }
  readonly show: Electron.Notification['show'] = () => {
    record('Notification.show', [this.options], this.id)
    shownNotifications.push(this)
  }
  readonly close: Electron.Notification['close'] = () => record('Notification.close', [], this.id)
}

// ── The rest of the surface ───────────────────────────────────────────────

const nativeTheme = strict(
  Object.assign(new EventEmitter(), { shouldUseDarkColors: false, themeSource: 'system' } satisfies Pick<Electron.NativeTheme, 'shouldUseDarkColors' | 'themeSource'>),
  'nativeTheme',
)

const powerMonitor = strict(
  Object.assign(new EventEmitter(), {
    getSystemIdleState: (idleThreshold) => {
      if (!Number.isInteger(idleThreshold)) throw new TypeError('idleThreshold must be an integer')
      return 'active'
    },
    getSystemIdleTime: () => 0,
    isOnBatteryPower: () => false,
  } satisfies Pick<Electron.PowerMonitor, 'getSystemIdleState' | 'getSystemIdleTime' | 'isOnBatteryPower'>),
  'powerMonitor',
)

/** Accelerators registered, with their callbacks: a test can press one. */
const registeredShortcuts = new Map<string, () => void>()
const globalShortcut = strict(
  {
    register: (accelerator: string, callback: () => void) => {
      if (registeredShortcuts.has(accelerator)) return false
      registeredShortcuts.set(accelerator, callback)
      return true
    },
    unregister: (accelerator: string) => void registeredShortcuts.delete(accelerator),
  } satisfies Pick<Electron.GlobalShortcut, 'register' | 'unregister'>,
  'globalShortcut',
)

const net = strict({ isOnline: () => true, online: true } satisfies Pick<typeof Electron.net, 'isOnline' | 'online'>, 'net')

const display: Electron.Display = {
  id: 1,
  label: 'stand-in',
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  size: { width: 1920, height: 1080 },
  workAreaSize: { width: 1920, height: 1040 },
  scaleFactor: 1,
  rotation: 0,
  internal: false,
  monochrome: false,
  touchSupport: 'unknown',
  accelerometerSupport: 'unknown',
  colorDepth: 24,
  colorSpace: '',
  depthPerComponent: 8,
  displayFrequency: 60,
  detected: true,
  maximumCursorSize: { width: 64, height: 64 },
  nativeOrigin: { x: 0, y: 0 },
}

const screen = strict(
  Object.assign(new EventEmitter(), {
    getAllDisplays: () => [display],
    getPrimaryDisplay: () => display,
  } satisfies Pick<Electron.Screen, 'getAllDisplays' | 'getPrimaryDisplay'>),
  'screen',
)

/** A keyring that is there: a reversible encoding, so the vault's round trip is real. */
const KEYRING_PREFIX = 'stand-in-keyring:'
const encrypt = (plainText: string) => Buffer.from(KEYRING_PREFIX + Buffer.from(plainText).toString('base64'))
const safeStorage = strict(
  {
    isEncryptionAvailable: () => true,
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (plainText) => encrypt(plainText),
    decryptString: (encrypted) => decrypt(encrypted),
    encryptStringAsync: async (plainText) => encrypt(plainText),
    decryptStringAsync: async (encrypted) => ({ result: decrypt(encrypted), shouldReEncrypt: false }),
  } satisfies Pick<
    Electron.SafeStorage,
    | 'isEncryptionAvailable'
    | 'isAsyncEncryptionAvailable'
    | 'getSelectedStorageBackend'
    | 'encryptString'
    | 'decryptString'
    | 'encryptStringAsync'
    | 'decryptStringAsync'
  >,
  'safeStorage',
)

function decrypt(encrypted: Buffer): string {
  const text = encrypted.toString()
  if (!text.startsWith(KEYRING_PREFIX)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
  return Buffer.from(text.slice(KEYRING_PREFIX.length), 'base64').toString()
}

const shell = strict(
  {
    openExternal: async (url, options) => record('shell.openExternal', [url, options]),
    openPath: async (path) => {
      record('shell.openPath', [path])
      return existsSync(path) ? '' : 'Failed to open path'
    },
    showItemInFolder: (path) => record('shell.showItemInFolder', [path]),
  } satisfies Pick<Electron.Shell, 'openExternal' | 'openPath' | 'showItemInFolder'>,
  'shell',
)

/** Save dialogs are cancelled: the test sees the request, and nothing is written where nobody looks. */
async function cancelledSave(...args: unknown[]): Promise<Electron.SaveDialogReturnValue> {
  record('dialog.showSaveDialog', args)
  return { canceled: true, filePath: '' }
}

async function firstButton(...args: unknown[]): Promise<Electron.MessageBoxReturnValue> {
  record('dialog.showMessageBox', args)
  return { response: 0, checkboxChecked: false }
}

const dialog = strict(
  {
    showErrorBox: (title, content) => {
      record('dialog.showErrorBox', [title, content])
      console.error(`[error box] ${title}: ${content}`)
    },
    showSaveDialog: cancelledSave,
    showMessageBox: firstButton,
  } satisfies Pick<Electron.Dialog, 'showErrorBox' | 'showSaveDialog' | 'showMessageBox'>,
  'dialog',
)

/** What the app answers on its schemes (protocol.handle): loads and probes of those URLs go through it. */
const schemeHandlers = new Map<string, (request: Request) => Response | Promise<Response>>()

const protocol = strict(
  {
    registerSchemesAsPrivileged: (schemes) => {
      // Electron throws when this comes after ready.
      if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
      record('protocol.registerSchemesAsPrivileged', [schemes])
    },
    handle: (scheme, handler) => {
      if (!app.isReady()) throw new Error('protocol.handle can only be used after app is ready')
      record('protocol.handle', [scheme])
      schemeHandlers.set(scheme, handler as (request: Request) => Response | Promise<Response>)
    },
    unhandle: (scheme) => {
      record('protocol.unhandle', [scheme])
      schemeHandlers.delete(scheme)
    },
    isProtocolHandled: (scheme) => schemeHandlers.has(scheme),
  } satisfies Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'>,
  'protocol',
)

const session = strict({ defaultSession, fromPartition: () => defaultSession }, 'session')

const app = strict(new StandInApp(), 'app')

// ── The test drives the app ───────────────────────────────────────────────

function reply(id: number, outcome: { ok: true; value: unknown } | { ok: false; message: string }): void {
  try {
    tell({ kind: 'reply', id, ...outcome })
  } catch (error) {
    // An answer structured clone cannot copy fails in Electron too.
    tell({ kind: 'reply', id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}

function windowOf(id: number): StandInBrowserWindow {
  const window = StandInBrowserWindow.fromId(id)
  if (!window) throw new Error(`No window ${id}`)
  return window
}

async function runProbe(windowId: number, probe: Probe): Promise<unknown> {
  if (probe.probe === 'resources') return process.getActiveResourcesInfo()
  if (probe.probe === 'scheme-request') {
    const handler = schemeHandlers.get(new URL(probe.url).protocol.slice(0, -1))
    if (!handler) return null
    const response = await handler(new Request(probe.url))
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() }
  }
  if (probe.probe === 'notification-click') {
    const notification = shownNotifications[probe.index]
    if (!notification) throw new Error(`No notification ${probe.index} was shown`)
    notification.emit('click', electronEvent({}))
    return null
  }
  const contents = windowOf(windowId).webContents
  switch (probe.probe) {
    case 'navigate': {
      const event = electronEvent({ url: probe.url, isMainFrame: true, isSameDocument: false })
      contents.emit('will-navigate', event, probe.url)
      return { prevented: event.defaultPrevented }
    }
    case 'window-open':
      return contents.windowOpenHandler?.({ url: probe.url, frameName: '', features: '', disposition: 'new-window', referrer: { url: contents.url, policy: 'default' } } as Electron.HandlerDetails) ?? null
    case 'headers':
      return new Promise((done) => {
        if (!contents.session.headersReceived) return done(null)
        contents.session.headersReceived(
          { url: contents.url, responseHeaders: { 'content-security-policy': ['default-src *'] } } as unknown as Electron.OnHeadersReceivedListenerDetails,
          (response) => done(response.responseHeaders ?? null),
        )
      })
    case 'permission':
      return new Promise((done) => {
        const handler = contents.session.permissionRequestHandler
        if (!handler) return done(null)
        handler(contents as unknown as Electron.WebContents, probe.permission as never, (granted) => done(granted), {
          requestingUrl: probe.requestingUrl,
          isMainFrame: true,
        } as Electron.PermissionRequest)
      })
  }
}

function onMessage(message: ToApp): void {
  switch (message.kind) {
    case 'invoke': {
      const { id, channel } = message
      const handler = ipcMain.handlers.get(channel)
      if (!handler) return reply(id, { ok: false, message: `No handler registered for '${channel}'` })
      let window: StandInBrowserWindow
      try {
        window = windowOf(message.windowId)
      } catch (error) {
        return reply(id, { ok: false, message: (error as Error).message })
      }
      const event = ipcEvent(window, message.frameUrl) as unknown as Electron.IpcMainInvokeEvent
      Promise.resolve()
        .then(() => handler(event, ...message.args))
        .then(
          (value) => reply(id, { ok: true, value }),
          (error: unknown) => reply(id, { ok: false, message: `Error invoking remote method '${channel}': ${String(error)}` }),
        )
      return
    }
    case 'send': {
      const window = StandInBrowserWindow.fromId(message.windowId)
      if (window) ipcMain.emit(message.channel, ipcEvent(window, message.frameUrl), ...message.args)
      return
    }
    case 'probe':
      runProbe(message.windowId, message.probe).then(
        (value) => reply(message.id, { ok: true, value }),
        (error: unknown) => reply(message.id, { ok: false, message: error instanceof Error ? error.message : String(error) }),
      )
      return
    case 'quit':
      app.quit()
      return
  }
}

if (process.send) {
  process.on('message', onMessage)
  // The test's channel never keeps the app alive: the app must end by itself after quit.
  process.channel?.unref()
  tell({ kind: 'hello', pid: process.pid, node: process.versions.node, argv: process.argv })
}

app.startReady()

// ── The module ────────────────────────────────────────────────────────────

const BrowserWindow = StandInBrowserWindow
const Tray = StandInTray
const Notification = StandInNotification

/** Every export is an Electron main-process export: a misspelt or invented name is a compile error. */
const exportsCheck = {
  app,
  BrowserWindow,
  ipcMain,
  Tray,
  Menu,
  Notification,
  nativeImage,
  nativeTheme,
  safeStorage,
  shell,
  powerMonitor,
  net,
  protocol,
  session,
  dialog,
  screen,
  globalShortcut,
} satisfies Partial<Record<keyof typeof Electron, unknown>>

export { app, BrowserWindow, ipcMain, Tray, Menu, Notification, nativeImage, nativeTheme, safeStorage, shell, powerMonitor, net, protocol, session, dialog, screen, globalShortcut }
export default strict(exportsCheck, 'electron')

