// Shared set-up for the runApp tests (src/main/electron/app-main-*.test.ts): fake Electron modules, a fake monitor, and start().
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, type Mock, vi } from 'vitest'
import { type BridgeEvent, BRIDGE_METHOD_NAMES, EVENTS_CHANNEL, READY_CHANNEL } from '@shared/bridge'
import type { ConnectionState } from '@shared/domain'
import type { SettingsPatch } from '@shared/settings'
import { encodeBase58 } from '../../src/main/demo/base58'
import type { Logger } from '../../src/main/core/log/log'
import type { Monitor, MonitorOptions } from '../../src/main/core/monitor/monitor'
import { ManualClock } from './manual-clock'
import { KnownSecrets } from '../../src/main/core/config/known-secrets'
import { memorySecretStorage } from '../../src/main/core/config/secrets'
import { applySettingsPatch, DEFAULT_SETTINGS, publicSettings, type SavedSettings } from '../../src/main/core/config/settings'
import { type ElectronModules, type RunAppOptions, runApp } from '../../src/main/electron/app-main'
import { FakeBrowserWindow, FakeEmitter, FakeIpcMain, fakeEvent, fakeMenuModule, FakeNotification, FakePowerMonitor, FakeProtocol, FakeSafeStorage, FakeTray, ipcEventFrom } from './fake-electron'
import { paths } from './app-main-electron-module'

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
  getPath = vi.fn((name: string) => paths[name] ?? '')
  setAppUserModelId = vi.fn((id: string) => void this.calls.push(`setAppUserModelId ${id}`))
  setDesktopName = vi.fn((name: string) => void this.calls.push(`setDesktopName ${name}`))
  setAsDefaultProtocolClient = vi.fn((..._args: unknown[]) => true)
  setLoginItemSettings = vi.fn((..._args: unknown[]) => {})
  getVersion = () => '1.2.3'
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
  FakeTray.instances.length = 0
  FakeNotification.instances.length = 0
  fakeMenuModule.current = null
  const nativeTheme = Object.assign(new FakeEmitter(), { shouldUseDarkColors: false })
  const app = new FakeApp()
  return {
    app,
    ipcMain: new FakeIpcMain(),
    dialog: { showErrorBox: vi.fn((..._args: unknown[]) => {}), showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })), showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })) },
    BrowserWindow: FakeBrowserWindow,
    Menu: fakeMenuModule,
    Tray: FakeTray,
    Notification: FakeNotification,
    shell: { openExternal: vi.fn(async (_url: string) => {}), openPath: vi.fn(async (_path: string) => '') },
    powerMonitor: new FakePowerMonitor(),
    net: { online: true, isOnline() {
      return this.online
    } },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    nativeTheme,
    safeStorage: new FakeSafeStorage(),
    protocol: new FakeProtocol(() => app.calls.includes('ready')),
    globalShortcut: fakeGlobalShortcut(),
  }
}

/** Accelerators registered and their callbacks, so a test can press one. */
export function fakeGlobalShortcut() {
  const held = new Map<string, () => void>()
  return {
    held,
    register: (accelerator: string, callback: () => void) => (held.has(accelerator) ? false : (held.set(accelerator, callback), true)),
    unregister: (accelerator: string) => void held.delete(accelerator),
  }
}

export const mainDir = resolve('/opt/proofwatch/out/main')
export const appPage = 'app://proofwatch/index.html'
export const SIG = encodeBase58(Uint8Array.from({ length: 64 }, (_, i) => 250 - i))
export const KEY = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => 60 + i))

export function connection(state: ConnectionState['socket']['state'], paused = false): ConnectionState {
  return {
    indexer: { demo: true, httpUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1/ws' },
    http: { state: 'ok', lastOkAt: 1, lastError: null },
    socket: { state, reason: null, nextRetryAt: null, since: 0, reconnects: 0, lastEventAt: null },
    channels: [],
    paused,
  }
}

export function fakeMonitor(initial: SavedSettings = DEFAULT_SETTINGS) {
  const listeners = new Set<(batch: BridgeEvent[]) => void>()
  const emit = (batch: BridgeEvent[]) => listeners.forEach((listener) => listener(batch))
  let saved = structuredClone(initial)
  const methods = Object.fromEntries(BRIDGE_METHOD_NAMES.map((name) => [name, vi.fn(async (..._args: unknown[]) => `${name} result`)]))
  const monitor = {
    ...methods,
    knownSecrets: new KnownSecrets(),
    getSettings: vi.fn(async () => publicSettings(saved, memorySecretStorage(), null)),
    // As the monitor does: a save is also pushed as the `settings` event.
    updateSettings: vi.fn(async (patch: SettingsPatch) => {
      saved = applySettingsPatch(saved, patch).settings
      const shown = publicSettings(saved, memorySecretStorage(), null)
      emit([{ event: 'settings', payload: shown }])
      return shown
    }),
    getWatchlist: vi.fn(async () => ({ addresses: [], circuits: [] })),
    listSnoozes: vi.fn(async () => []),
    privacyWords: vi.fn((): string[] => []),
    setLivePaused: vi.fn(async (paused: boolean) => connection('live', paused)),
    reconnectNow: vi.fn(async () => connection('connecting')),
    markNotificationsRead: vi.fn(async () => ({ total: 0, addresses: {}, circuits: {} })),
    getAppInfo: vi.fn(async () => ({
      platform: 'browser',
      version: '0.1.0',
      dataDir: null,
      logFile: null,
      secrets: { encrypted: false, warning: 'monitor default' },
    })),
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    setExternalOpener: vi.fn(),
    setSignInHooks: vi.fn(),
    setExportDestination: vi.fn(),
    emit: vi.fn((event: BridgeEvent['event'], payload: unknown) => emit([{ event, payload } as BridgeEvent])),
    suspend: vi.fn(),
    resume: vi.fn(),
    setOnline: vi.fn(),
    setActivity: vi.fn(),
    onEvents: vi.fn((listener: (batch: BridgeEvent[]) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }),
  } as unknown as Monitor & Record<string, Mock<(...args: unknown[]) => Promise<unknown>>>
  return { monitor, emit }
}

export let userData: string
export let f: ReturnType<typeof fakeElectron>

/** A test that starts the app twice needs new fakes in between (an imported `f` cannot be assigned). */
export function renewFakeElectron(): void {
  f = fakeElectron()
}

/** Fresh fakes and a fresh userData folder for every test of the calling file. */
export function useFakeElectron(): void {
  beforeEach(() => {
    f = fakeElectron()
    FakeBrowserWindow.instances.length = 0
    for (const key of Object.keys(paths)) delete paths[key]
    userData = mkdtempSync(join(tmpdir(), 'proofwatch-app-'))
    paths.userData = userData
  })
  afterEach(() => rmSync(userData, { recursive: true, force: true }))
}

export const quietLog: Logger = { info() {}, warn() {}, error() {} }

export async function start(overrides: Partial<RunAppOptions> = {}, saved?: SavedSettings) {
  const { monitor, emit } = fakeMonitor(saved)
  const createMonitor = vi.fn((_options: MonitorOptions) => monitor)
  const printed: string[] = []
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12))
  const running = await runApp(f as unknown as ElectronModules, {
    mainDir,
    argv: [],
    env: {},
    platform: 'linux',
    createMonitor,
    log: quietLog,
    print: (text) => printed.push(text),
    execPath: '/opt/proofwatch/proofwatch',
    clock,
    ...overrides,
  })
  const window = FakeBrowserWindow.instances[0]
  const page = () => ipcEventFrom(window!.webContents, appPage)
  /** The page says it is ready; from then on it receives event batches. */
  const ready = () => f.ipcMain.emit(READY_CHANNEL, page())
  const received = () => window!.webContents.sent.filter((m) => m.channel === EVENTS_CHANNEL).flatMap((m) => m.args[0] as BridgeEvent[])
  return { running, monitor, emit, createMonitor, printed, window, clock, page, ready, received, tray: FakeTray.instances[0] }
}