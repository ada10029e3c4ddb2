/**
 * The desktop app's composition (runApp): every Electron module comes in as
 * an argument, so the whole start, the window, links and quitting run under
 * test with fakes. Over 400 lines because it is one thing: the one place the
 * pieces meet, in an order that matters (before and after `ready`), its steps
 * sharing the window, the monitor and the shell; each piece is its own file.
 */
import { join, resolve } from 'node:path'
import type { App, BrowserWindow, BrowserWindowConstructorOptions, Dialog, NotificationConstructorOptions, Protocol, Shell } from 'electron'
import type { BridgeEvent } from '@shared/bridge'
import { createBridgeDispatcher } from '../core/bridge/bridge-dispatch'
import type { LaunchOptions } from '../core/config/launch-options'
import { LAUNCH_USAGE, parseLaunchOptions } from '../core/config/launch-options'
import type { Logger } from '../core/log/log'
import { consoleLogger } from '../core/log/log'
import { DEMO_KEYPAIR_FILE } from '../core/sign-in/demo-keypair'
import { HISTORY_FILE_NAME } from '../core/history/database'
import { createFileLogger } from '../core/log/log-file'
import { logUnhandledRejections } from '../core/log/unhandled-rejections'
import { privateFolder } from '../core/files/private-folder'
import { KnownSecrets } from '../core/config/known-secrets'
import type { Monitor, MonitorOptions } from '../core/monitor/monitor'
import type { NotifyClock } from '../core/notify/timers'
import type { SettingsStorage } from '../core/config/settings'
import { APP_ID, DESKTOP_NAME } from './app-identity'
import type { SafeStorageLike } from './credential-vault'
import { openCredentialVault } from './credential-vault'
import type { DesktopShellDeps } from './desktop-shell'
import { DesktopShell } from './desktop-shell'
import { createExportDestination } from './export-dialog'
import { createExternalOpener } from './external-links'
import { createKeypairPicker, createSignInOpener } from './sign-in-glue'
import type { BridgeIpc, BridgeIpcMain } from './ipc'
import { registerBridgeIpc } from './ipc'
import type { NotificationLike } from './notifications'
import type { PowerMonitorLike } from './power'
import { DeepLinkRouter, registerProtocolClient } from './protocol'
import { registerAppSchemePrivileges, serveAppScheme } from './app-scheme'
import { buildContentSecurityPolicy } from './security'
import type { RendererLocation } from './renderer-location'
import { resolveRendererLocation } from './renderer-location'
import { createElectronSettingsStorage } from './settings-storage'
import type { TrayLike } from './tray'
import { registerWindowToggle, type GlobalShortcutLike } from './global-shortcut'
import { createMainWindow, findWindowIcon, preloadPath, resourcesDir, WINDOW_SIZE } from './window'
import type { Rect } from './window-state'
import { readWindowState, restoreWindow, trackWindowState, writeWindowState } from './window-state'

/** The Electron modules the app uses, passed in so the composition can be tested. */
export interface ElectronModules {
  app: Pick<
    App,
    | 'enableSandbox'
    | 'requestSingleInstanceLock'
    | 'setPath'
    | 'getPath'
    | 'on'
    | 'whenReady'
    | 'quit'
    | 'exit'
    | 'setAppUserModelId'
    | 'setDesktopName'
    | 'setAsDefaultProtocolClient'
    | 'setLoginItemSettings'
    | 'getVersion'
  >
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  ipcMain: BridgeIpcMain
  dialog: Pick<Dialog, 'showErrorBox' | 'showSaveDialog' | 'showOpenDialog'>
  Menu: DesktopShellDeps['Menu']
  Tray: new (image: string) => TrayLike
  Notification: { new (options: NotificationConstructorOptions): NotificationLike; isSupported(): boolean }
  shell: Pick<Shell, 'openExternal' | 'openPath'>
  powerMonitor: PowerMonitorLike
  net: { isOnline(): boolean }
  screen: { getAllDisplays(): Array<{ workArea: Rect }> }
  nativeTheme: DesktopShellDeps['nativeTheme']
  safeStorage: SafeStorageLike
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>
  globalShortcut: GlobalShortcutLike
}

export interface RunAppOptions {
  /** The folder of the built main script (`out/main`); preload, renderer and resources are found from it. */
  mainDir: string
  /** Arguments after the executable. */
  argv: readonly string[]
  env: Record<string, string | undefined>
  platform: NodeJS.Platform
  createMonitor: (options: MonitorOptions) => Monitor
  createSettingsStorage?: (log: Logger) => SettingsStorage
  /** Where log lines go; the rotating file in `<userData>/logs` when not given. */
  log?: Logger
  print?: (text: string) => void
  /** How long quitting waits for the monitor to stop. */
  stopTimeoutMs?: number
  /** `process.defaultApp`: started as `electron <script>` (development). */
  defaultApp?: boolean
  /** `process.execPath`. */
  execPath?: string
  /** `process.argv`, for registering the link handler in development. */
  processArgv?: readonly string[]
  clock?: NotifyClock
}

export interface RunningApp {
  monitor: Monitor
  desktop: DesktopShell
  getWindow(): BrowserWindow | null
}

/** `--hidden`: started at login or by the user to stay in the tray. */
const HIDDEN_FLAG = '--hidden'

/**
 * The app's composition: sandbox, identity, single instance, links, data
 * folder, log, credentials, settings, monitor, IPC, tray, menu, window.
 * Resolves once the window is open and the monitor started; resolves null
 * when this process is not going to run the app (help shown, bad options,
 * or another instance already runs and was handed the command line).
 */
export async function runApp(electron: ElectronModules, options: RunAppOptions): Promise<RunningApp | null> {
  const { app, dialog } = electron
  // Every credential the app holds (the vault's, PROOFWATCH_CREDENTIAL, the demo's), kept out of every log line and page.
  const knownSecrets = new KnownSecrets()
  let log: Logger = knownSecrets.logger(options.log ?? consoleLogger())
  // Handed to parts made before the log file exists; they write wherever the log goes by then.
  const logs: Logger = { info: (m, d) => log.info(m, d), warn: (m, d) => log.warn(m, d), error: (m, d) => log.error(m, d) }
  // One rejection nobody caught must not close the window and the tray.
  logUnhandledRejections(logs)
  const fail = (message: string, code: number) => {
    log.error(message)
    dialog.showErrorBox('ProofWatch', message)
    app.exit(code)
    return null
  }

  app.enableSandbox()
  // Only before ready: the scheme the app's pages are served on.
  registerAppSchemePrivileges(electron.protocol)

  let launch: LaunchOptions
  try {
    launch = parseLaunchOptions(options.argv, options.env, { strict: false })
    knownSecrets.addCredential(launch.credential)
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${LAUNCH_USAGE}`, 2)
  }
  if (launch.help) {
    const print = options.print ?? ((text: string) => process.stdout.write(text))
    print(`${LAUNCH_USAGE}\n  --hidden               start in the tray, without the window\n`)
    app.exit(0)
    return null
  }

  // Before `ready` and before the instance lock, which is held per userData folder.
  if (launch.dataDir) {
    const dataDir = resolve(launch.dataDir)
    try {
      privateFolder(dataDir)
      app.setPath('userData', dataDir)
    } catch (error) {
      return fail(`Cannot use the data folder ${dataDir}: ${error instanceof Error ? error.message : String(error)}`, 2)
    }
  }

  // Notifications are matched to the installed app by these (see electron-builder.yml).
  if (options.platform === 'win32') app.setAppUserModelId(APP_ID)
  if (options.platform === 'linux') app.setDesktopName(DESKTOP_NAME)

  if (!app.requestSingleInstanceLock()) {
    log.info('ProofWatch is already running; handing over to it')
    app.quit()
    return null
  }

  let mainWindow: BrowserWindow | null = null
  let monitor: Monitor | null = null
  let bridgeIpc: BridgeIpc | null = null
  let desktop: DesktopShell | null = null
  let readyLocation: RendererLocation | null = null
  let quitting = false
  // The desktop's own events (a link to open or refused) reach the page the way the core's do, through
  // the monitor; the ones that come before it exists wait for it.
  const heldEvents: BridgeEvent[] = []
  const pushEvents = (batch: BridgeEvent[]) => {
    if (!monitor) heldEvents.push(...batch)
    else for (const item of batch) emitEvent(monitor, item)
  }

  const deepLinks = new DeepLinkRouter({
    open: (route) => desktop?.navigate(route),
    refuse: (problem) => {
      pushEvents([{ event: 'problem', payload: problem }])
      showWindow()
    },
    log: logs,
  })

  const isVisible = () => mainWindow !== null && !mainWindow.isDestroyed() && mainWindow.isVisible() && !mainWindow.isMinimized()

  const windowStateFile = () => join(app.getPath('userData'), 'window-state.json')

  const openWindow = (location: RendererLocation, show: boolean): BrowserWindow => {
    const restored = restoreWindow(
      readWindowState(windowStateFile(), log),
      electron.screen.getAllDisplays().map((display) => display.workArea),
      WINDOW_SIZE,
    )
    const window = createMainWindow({
      BrowserWindow: electron.BrowserWindow,
      location,
      preloadPath: preloadPath(options.mainDir),
      iconPath: findWindowIcon(options.mainDir),
      bounds: restored.bounds,
      maximized: restored.maximized,
      showWhenReady: show,
      log,
    })
    trackWindowState(window, { save: (state) => writeWindowState(windowStateFile(), state), log })
    window.on('close', (event) => {
      // Closing hides to the tray when the user wants that; quitting closes for real.
      if (quitting || !desktop?.closeToTray) return
      event.preventDefault()
      window.hide()
    })
    const visibilityChanged = () => desktop?.windowVisibilityChanged()
    window.on('show', visibilityChanged)
    window.on('hide', visibilityChanged)
    window.on('minimize', visibilityChanged)
    window.on('restore', visibilityChanged)
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
      desktop?.windowVisibilityChanged()
    })
    return window
  }

  function showWindow(): void {
    if (!readyLocation) return
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = openWindow(readyLocation, true)
      return
    }
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  }

  // A second launch hands over its command line: a link to open, or just "show yourself".
  app.on('second-instance', (_event, argv) => {
    if (!deepLinks.handleArgv(argv)) showWindow()
  })
  // macOS delivers links as events, possibly before `ready`.
  app.on('open-url', (event, url) => {
    event.preventDefault()
    deepLinks.handle(url)
  })
  app.on('activate', () => showWindow())
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit()
  })

  registerProtocolClient(
    app,
    {
      defaultApp: options.defaultApp ?? false,
      execPath: options.execPath ?? process.execPath,
      argv: options.processArgv ?? [options.execPath ?? process.execPath, ...options.argv],
    },
    logs,
  )

  let stopped = false
  let stopping = false
  app.on('before-quit', (event) => {
    quitting = true
    if (stopped) return
    // Quitting waits for the monitor to close its sockets and files, then quits again.
    event.preventDefault()
    if (stopping) return
    stopping = true
    desktop?.dispose()
    bridgeIpc?.dispose()
    const stopMonitor = monitor ? monitor.stop() : Promise.resolve()
    const timeout = new Promise<void>((done) => setTimeout(done, options.stopTimeoutMs ?? 3000).unref?.())
    Promise.race([stopMonitor, timeout])
      .catch((error: unknown) => log.error('The monitor did not stop cleanly', error))
      .finally(() => {
        stopped = true
        app.quit()
      })
  })

  await app.whenReady()
  try {
    const userData = app.getPath('userData')
    try {
      // Electron makes it 0755; it holds the history, settings and credentials.
      privateFolder(userData)
    } catch (error) {
      log.warn('The data folder could not be made private', error)
    }
    let logFile: string | null = null
    let logsDir: string | null = null
    if (!options.log) {
      try {
        const fileLog = createFileLogger({
          dir: join(userData, 'logs'),
          echo: consoleLogger(),
          // The credentials themselves, wherever a line quotes them (a request, a header, an error).
          redactKnown: (line) => knownSecrets.redactText(line),
        })
        log = knownSecrets.logger(fileLog)
        logFile = fileLog.file
        logsDir = fileLog.dir
      } catch (error) {
        log.warn('Logging to the console only', error)
      }
    }
    log.info('ProofWatch starting', { platform: options.platform, dataDir: userData })

    const secrets = await openCredentialVault({
      safeStorage: electron.safeStorage,
      file: join(userData, 'credentials.enc.json'),
      platform: options.platform,
      log,
    })
    knownSecrets.watch(secrets)
    const rendererLocation = resolveRendererLocation(options.mainDir, options.env.ELECTRON_RENDERER_URL)
    if (rendererLocation.kind === 'app-scheme') serveAppScheme(electron.protocol, rendererLocation.directory, buildContentSecurityPolicy(rendererLocation))
    const settings = (options.createSettingsStorage ?? ((l) => createElectronSettingsStorage({ log: l })))(log)
    const created = options.createMonitor({
      settings,
      launch,
      log,
      secrets,
      knownSecrets,
      historyPath: join(userData, HISTORY_FILE_NAME),
      appInfo: { platform: 'desktop', version: app.getVersion(), dataDir: userData, logFile },
      // The built sign-in page sits beside the built renderer (also under the dev server).
      signInPageRoot: resolve(options.mainDir, '..', 'renderer'),
      demoKeypairPath: join(userData, DEMO_KEYPAIR_FILE),
    })
    monitor = created
    created.setExternalOpener(createExternalOpener(electron.shell, log))
    created.setSignInHooks({
      openBrowser: createSignInOpener(electron.shell, log),
      pickKeypairFile: createKeypairPicker(electron.dialog, () => mainWindow),
    })
    created.setExportDestination(
      createExportDestination({ dialog: electron.dialog, getWindow: () => mainWindow, defaultDir: downloadsDir(app, userData) }),
    )

    const shell = new DesktopShell({
      monitor: created,
      platform: options.platform,
      resourcesDir: resourcesDir(options.mainDir),
      iconPath: findWindowIcon(options.mainDir),
      log,
      logsDir,
      dev: rendererLocation.kind === 'dev-server',
      Menu: electron.Menu,
      createTray: (image) => new electron.Tray(image),
      createNotification: (notificationOptions) => new electron.Notification(notificationOptions),
      notificationsSupported: () => electron.Notification.isSupported(),
      openPath: (path) => electron.shell.openPath(path),
      nativeTheme: electron.nativeTheme,
      powerMonitor: electron.powerMonitor,
      net: electron.net,
      loginItems: app,
      execPath: options.execPath ?? process.execPath,
      env: options.env,
      showWindow,
      isWindowVisible: isVisible,
      pushEvents,
      quit: () => app.quit(),
      ...(options.clock ? { clock: options.clock } : {}),
    })
    desktop = shell

    // Saved settings reach the shell as the monitor's `settings` event, once, whoever saved them.
    bridgeIpc = registerBridgeIpc({
      ipcMain: electron.ipcMain,
      dispatcher: createBridgeDispatcher(created, { shown: (value) => created.knownSecrets.redactValue(value) }),
      monitor: created,
      getWindow: () => mainWindow,
      location: rendererLocation,
      log,
    })
    pushEvents(heldEvents.splice(0))

    await shell.start()
    readyLocation = rendererLocation
    const releaseShortcut = registerWindowToggle(
      electron.globalShortcut,
      () => (isVisible() && mainWindow?.isFocused() ? mainWindow.hide() : showWindow()),
      log,
    )
    app.on('will-quit', releaseShortcut)
    const hidden = (shell.options.startHidden || options.argv.includes(HIDDEN_FLAG)) && shell.hasTray
    mainWindow = openWindow(rendererLocation, !hidden)
    deepLinks.markReady()
    deepLinks.handleArgv(options.argv)

    await created.start().catch((error: unknown) => log.error('The monitor failed to start', error))
    return { monitor: created, desktop: shell, getWindow: () => mainWindow }
  } catch (error) {
    return fail(`ProofWatch could not start: ${error instanceof Error ? error.message : String(error)}`, 1)
  }
}

function emitEvent<E extends BridgeEvent>(monitor: Monitor, item: E): void {
  monitor.emit(item.event, item.payload)
}

/** The Downloads folder, or the data folder where the system has none. */
function downloadsDir(app: Pick<App, 'getPath'>, fallback: string): string {
  try {
    return app.getPath('downloads')
  } catch {
    return fallback
  }
}
