import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { App, BrowserWindow, BrowserWindowConstructorOptions, Dialog } from 'electron'
import { createBridgeDispatcher } from '../core/bridge-dispatch'
import type { LaunchOptions } from '../core/launch-options'
import { LAUNCH_USAGE, parseLaunchOptions } from '../core/launch-options'
import type { Logger } from '../core/log'
import { consoleLogger } from '../core/log'
import type { Monitor, MonitorOptions } from '../core/monitor'
import type { SettingsStore } from '../core/settings'
import type { BridgeIpcMain } from './ipc'
import { registerBridgeIpc } from './ipc'
import type { RendererLocation } from './renderer-location'
import { resolveRendererLocation } from './renderer-location'
import { createElectronSettingsStore } from './settings-store'
import { createMainWindow, findWindowIcon, preloadPath } from './window'

/** The Electron modules the app uses, passed in so the composition can be tested. */
export interface ElectronModules {
  app: Pick<App, 'enableSandbox' | 'requestSingleInstanceLock' | 'setPath' | 'on' | 'whenReady' | 'quit' | 'exit'>
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  ipcMain: BridgeIpcMain
  dialog: Pick<Dialog, 'showErrorBox'>
}

export interface RunAppOptions {
  /** The folder of the built main script (`out/main`); preload and renderer are found from it. */
  mainDir: string
  /** Arguments after the executable. */
  argv: readonly string[]
  env: Record<string, string | undefined>
  platform: NodeJS.Platform
  createMonitor: (options: MonitorOptions) => Monitor
  createSettingsStore?: (log: Logger) => SettingsStore
  log?: Logger
  print?: (text: string) => void
  /** How long quitting waits for the monitor to stop. */
  stopTimeoutMs?: number
}

export interface RunningApp {
  monitor: Monitor
  getWindow(): BrowserWindow | null
}

/**
 * The app's composition: sandbox, single instance, data folder, settings,
 * monitor, IPC, window. Resolves once the window is open and the monitor
 * started; resolves null when this process is not going to run the app
 * (help shown, bad options, or another instance already runs).
 */
export async function runApp(electron: ElectronModules, options: RunAppOptions): Promise<RunningApp | null> {
  const { app, dialog } = electron
  const log = options.log ?? consoleLogger()
  const fail = (message: string, code: number) => {
    log.error(message)
    dialog.showErrorBox('ProofWatch', message)
    app.exit(code)
    return null
  }

  app.enableSandbox()

  let launch: LaunchOptions
  try {
    launch = parseLaunchOptions(options.argv, options.env, { strict: false })
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${LAUNCH_USAGE}`, 2)
  }
  if (launch.help) {
    const print = options.print ?? ((text: string) => process.stdout.write(text))
    print(`${LAUNCH_USAGE}\n`)
    app.exit(0)
    return null
  }

  // Before `ready` and before the instance lock, which is held per userData folder.
  if (launch.dataDir) {
    const dataDir = resolve(launch.dataDir)
    try {
      mkdirSync(dataDir, { recursive: true })
      app.setPath('userData', dataDir)
    } catch (error) {
      return fail(`Cannot use the data folder ${dataDir}: ${error instanceof Error ? error.message : String(error)}`, 2)
    }
  }

  if (!app.requestSingleInstanceLock()) {
    log.info('ProofWatch is already running; handing over to it')
    app.quit()
    return null
  }

  let mainWindow: BrowserWindow | null = null
  let monitor: Monitor | null = null
  let disposeIpc: (() => void) | null = null
  let readyLocation: RendererLocation | null = null

  const openWindow = (location: RendererLocation): BrowserWindow => {
    const window = createMainWindow({
      BrowserWindow: electron.BrowserWindow,
      location,
      preloadPath: preloadPath(options.mainDir),
      iconPath: findWindowIcon(options.mainDir),
      log,
    })
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
    })
    return window
  }

  app.on('second-instance', () => {
    if (!readyLocation) return
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = openWindow(readyLocation)
      return
    }
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  })
  app.on('activate', () => {
    if (readyLocation && !mainWindow) mainWindow = openWindow(readyLocation)
  })
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit()
  })

  let stopped = false
  let stopping = false
  app.on('before-quit', (event) => {
    if (stopped) return
    // Quitting waits for the monitor to close its sockets and files, then quits again.
    event.preventDefault()
    if (stopping) return
    stopping = true
    disposeIpc?.()
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
    const rendererLocation = resolveRendererLocation(options.mainDir, options.env.ELECTRON_RENDERER_URL)
    readyLocation = rendererLocation
    const settings = (options.createSettingsStore ?? ((l) => createElectronSettingsStore({ log: l })))(log)
    const created = options.createMonitor({ settings, launch, log })
    monitor = created
    disposeIpc = registerBridgeIpc({
      ipcMain: electron.ipcMain,
      dispatcher: createBridgeDispatcher(created),
      monitor: created,
      getWindow: () => mainWindow,
      location: rendererLocation,
      log,
    })
    mainWindow = openWindow(rendererLocation)
    await created.start().catch((error: unknown) => log.error('The monitor failed to start', error))
    return { monitor: created, getWindow: () => mainWindow }
  } catch (error) {
    return fail(`ProofWatch could not start: ${error instanceof Error ? error.message : String(error)}`, 1)
  }
}
