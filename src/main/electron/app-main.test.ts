import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES, EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import type { Logger } from '../core/log'
import type { Monitor, MonitorOptions } from '../core/monitor'
import type { ElectronModules, RunAppOptions } from './app-main'
import { runApp } from './app-main'
import { FakeBrowserWindow, FakeEmitter, FakeIpcMain, fakeEvent, ipcEventFrom } from './fake-electron'
import { buildWindowOptions, preloadPath } from './window'

// electron-store reads the userData folder from the mocked `electron`.
const paths = vi.hoisted(() => ({}) as Record<string, string>)

vi.mock('electron', () => {
  const app = { getPath: (name: string) => paths[name] ?? '', getVersion: () => '0.1.0' }
  const modules = { app, ipcMain: { on() {} }, shell: {} }
  return { default: modules, ...modules }
})

class FakeApp extends FakeEmitter {
  readonly calls: string[] = []
  readonly quitEvents: Array<{ defaultPrevented: boolean }> = []
  lock = true
  enableSandbox = vi.fn(() => void this.calls.push('enableSandbox'))
  requestSingleInstanceLock = vi.fn(() => {
    this.calls.push('requestSingleInstanceLock')
    return this.lock
  })
  setPath = vi.fn((name: string, path: string) => {
    this.calls.push(`setPath ${name}`)
    paths[name] = path
  })
  whenReady = vi.fn(async () => void this.calls.push('ready'))
  quit = vi.fn(() => {
    this.calls.push('quit')
    // Electron emits before-quit on quit(); record whether it was let through.
    const event = fakeEvent({})
    this.quitEvents.push(event)
    this.emit('before-quit', event)
  })
  exit = vi.fn((code: number) => void this.calls.push(`exit ${code}`))
}

function fakeElectron() {
  return {
    app: new FakeApp(),
    ipcMain: new FakeIpcMain(),
    dialog: { showErrorBox: vi.fn() },
    BrowserWindow: FakeBrowserWindow,
  }
}

const mainDir = resolve('/opt/proofwatch/out/main')
const appPage = pathToFileURL(join(mainDir, '..', 'renderer', 'index.html')).href

function fakeMonitor() {
  let emit: (batch: BridgeEvent[]) => void = () => {}
  const methods = Object.fromEntries(BRIDGE_METHOD_NAMES.map((name) => [name, vi.fn(async () => `${name} result`)]))
  const monitor = {
    ...methods,
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    onEvents: vi.fn((listener: (batch: BridgeEvent[]) => void) => {
      emit = listener
      return () => {}
    }),
  } as unknown as Monitor & Record<string, ReturnType<typeof vi.fn>>
  return { monitor, emit: (batch: BridgeEvent[]) => emit(batch) }
}

let userData: string
let f: ReturnType<typeof fakeElectron>

beforeEach(() => {
  f = fakeElectron()
  FakeBrowserWindow.instances.length = 0
  for (const key of Object.keys(paths)) delete paths[key]
  userData = mkdtempSync(join(tmpdir(), 'proofwatch-app-'))
  paths.userData = userData
})
afterEach(() => rmSync(userData, { recursive: true, force: true }))

const quietLog: Logger = { info() {}, warn() {}, error() {} }

async function start(overrides: Partial<RunAppOptions> = {}) {
  const { monitor, emit } = fakeMonitor()
  const createMonitor = vi.fn((_options: MonitorOptions) => monitor)
  const printed: string[] = []
  const running = await runApp(f as unknown as ElectronModules, {
    mainDir,
    argv: [],
    env: {},
    platform: 'linux',
    createMonitor,
    log: quietLog,
    print: (text) => printed.push(text),
    ...overrides,
  })
  return { running, monitor, emit, createMonitor, printed, window: FakeBrowserWindow.instances[0] }
}

describe('runApp', () => {
  it('enables the sandbox, takes the instance lock, and opens one secure window on the built renderer', async () => {
    const { running, window } = await start()
    expect(running).not.toBeNull()
    expect(f.app.calls.slice(0, 3)).toEqual(['enableSandbox', 'requestSingleInstanceLock', 'ready'])
    expect(FakeBrowserWindow.instances).toHaveLength(1)
    expect(window!.options).toEqual(buildWindowOptions({ preloadPath: preloadPath(mainDir) }))
    expect(window!.loaded).toEqual({ file: resolve(mainDir, '..', 'renderer', 'index.html') })
    expect(running!.getWindow()).toBe(window)
  })

  it('creates the monitor with the saved settings and the launch options, and starts it', async () => {
    const { createMonitor, monitor } = await start({ argv: ['--indexer', 'http://127.0.0.1:9000', '--some-chromium-switch'] })
    expect(createMonitor).toHaveBeenCalledTimes(1)
    const options = createMonitor.mock.calls[0]![0]
    expect(options.launch).toEqual({ indexerUrl: 'http://127.0.0.1:9000' })
    expect(options.settings.read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    options.settings.write({ indexerUrl: 'https://indexer.example', wsUrl: null, useDemo: false })
    expect(existsSync(join(userData, 'settings.json'))).toBe(true)
    expect(monitor.start).toHaveBeenCalledTimes(1)
  })

  it('registers every bridge channel, validated and routed to the monitor', async () => {
    const { monitor, window } = await start()
    expect([...f.ipcMain.invokeHandlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort())
    const page = ipcEventFrom(window!.webContents, appPage)
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, page, 'Proof1')).resolves.toEqual({ result: 'getProof result' })
    expect(monitor.getProof).toHaveBeenCalledWith('Proof1')
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, page, 42)).resolves.toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, ipcEventFrom(window!.webContents, 'https://evil.example/'), 'P')).resolves.toEqual({
      error: { code: 'INVALID_ARGUMENT', message: 'Untrusted sender' },
    })
  })

  it('relays monitor events to the window once its page is ready', async () => {
    const { emit, window } = await start()
    emit([{ event: 'overview', payload: { tps: 1 } } as BridgeEvent])
    expect(window!.webContents.sent).toEqual([])
    f.ipcMain.emit(READY_CHANNEL, ipcEventFrom(window!.webContents, appPage))
    expect(window!.webContents.sent).toEqual([{ channel: EVENTS_CHANNEL, args: [[{ event: 'overview', payload: { tps: 1 } }]] }])
  })

  it('loads the dev server when electron-vite gives one', async () => {
    const { window } = await start({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } })
    expect(window!.loaded).toEqual({ url: 'http://localhost:5173/' })
  })

  it('uses --data-dir as the userData folder, before the instance lock', async () => {
    const dataDir = join(userData, 'nested', 'data')
    await start({ argv: ['--data-dir', dataDir] })
    expect(f.app.setPath).toHaveBeenCalledWith('userData', dataDir)
    expect(existsSync(dataDir)).toBe(true)
    expect(f.app.calls.indexOf('setPath userData')).toBeLessThan(f.app.calls.indexOf('requestSingleInstanceLock'))
  })

  it('reads the data folder from PROOFWATCH_DATA_DIR too', async () => {
    const dataDir = join(userData, 'from-env')
    await start({ env: { PROOFWATCH_DATA_DIR: dataDir } })
    expect(f.app.setPath).toHaveBeenCalledWith('userData', dataDir)
  })

  it('focuses the existing window when a second instance starts', async () => {
    const { window } = await start()
    window!.minimized = true
    f.app.emit('second-instance', {}, [], '/')
    expect(window!.calls).toEqual(['restore', 'show', 'focus'])
    expect(FakeBrowserWindow.instances).toHaveLength(1)
  })

  it('quits at once without a window or monitor when another instance holds the lock', async () => {
    f.app.lock = false
    const { running, createMonitor } = await start()
    expect(running).toBeNull()
    expect(f.app.quit).toHaveBeenCalled()
    expect(createMonitor).not.toHaveBeenCalled()
    expect(FakeBrowserWindow.instances).toHaveLength(0)
  })

  it('shows a clear error and exits on a bad option', async () => {
    const { running, createMonitor } = await start({ argv: ['--indexer'] })
    expect(running).toBeNull()
    expect(f.dialog.showErrorBox).toHaveBeenCalledWith('ProofWatch', expect.stringContaining('--indexer needs a value'))
    expect(f.app.exit).toHaveBeenCalledWith(2)
    expect(createMonitor).not.toHaveBeenCalled()
  })

  it('prints the usage for --help and exits', async () => {
    const { running, printed } = await start({ argv: ['--help'] })
    expect(running).toBeNull()
    expect(printed.join('')).toContain('--data-dir')
    expect(f.app.exit).toHaveBeenCalledWith(0)
  })

  it('quits when the last window closes', async () => {
    const { window } = await start()
    window!.close()
    f.app.emit('window-all-closed')
    expect(f.app.quit).toHaveBeenCalledTimes(1)
  })

  it('stays open on macOS when the last window closes, and reopens it on activate', async () => {
    const { window, running } = await start({ platform: 'darwin' })
    window!.close()
    expect(running!.getWindow()).toBeNull()
    f.app.emit('window-all-closed')
    expect(f.app.quit).not.toHaveBeenCalled()
    f.app.emit('activate')
    expect(FakeBrowserWindow.instances).toHaveLength(2)
    expect(running!.getWindow()).toBe(FakeBrowserWindow.instances[1])
  })

  it('stops the monitor before quitting', async () => {
    let finishStop: () => void = () => {}
    const { monitor } = await start()
    ;(monitor.stop as ReturnType<typeof vi.fn>).mockImplementation(() => new Promise<void>((done) => (finishStop = done)))
    const first = fakeEvent({})
    f.app.emit('before-quit', first)
    expect(first.defaultPrevented).toBe(true)
    expect(monitor.stop).toHaveBeenCalledTimes(1)
    expect(f.app.quit).not.toHaveBeenCalled()
    finishStop()
    await vi.waitFor(() => expect(f.app.quit).toHaveBeenCalledTimes(1))
    // The quit that follows is let through.
    expect(f.app.quitEvents.at(-1)!.defaultPrevented).toBe(false)
    expect(f.ipcMain.invokeHandlers.size).toBe(0)
  })
})

