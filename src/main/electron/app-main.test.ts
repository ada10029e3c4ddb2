import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES, EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import type { ConnectionState } from '@shared/domain'
import type { SettingsPatch } from '@shared/settings'
import { encodeBase58 } from '../demo/base58'
import type { Logger } from '../core/log/log'
import type { Monitor, MonitorOptions } from '../core/monitor/monitor'
import { ManualClock } from '@test/support/manual-clock'
import { KnownSecrets } from '../core/config/known-secrets'
import { memorySecretStorage } from '../core/config/secrets'
import { applySettingsPatch, DEFAULT_SETTINGS, publicSettings, type SavedSettings } from '../core/config/settings'
import type { ElectronModules, RunAppOptions } from './app-main'
import { runApp } from './app-main'
import { APP_ID, DESKTOP_NAME } from './app-identity'
import {
  FakeBrowserWindow,
  FakeEmitter,
  FakeIpcMain,
  fakeEvent,
  fakeMenuModule,
  FakeNotification,
  FakePowerMonitor,
  FakeProtocol,
  FakeSafeStorage,
  FakeTray,
  ipcEventFrom,
} from '@test/support/fake-electron'
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
  getPath = vi.fn((name: string) => paths[name] ?? '')
  setAppUserModelId = vi.fn((id: string) => void this.calls.push(`setAppUserModelId ${id}`))
  setDesktopName = vi.fn((name: string) => void this.calls.push(`setDesktopName ${name}`))
  setAsDefaultProtocolClient = vi.fn((..._args: unknown[]) => true)
  setLoginItemSettings = vi.fn()
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
    dialog: { showErrorBox: vi.fn(), showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })), showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })) },
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
function fakeGlobalShortcut() {
  const held = new Map<string, () => void>()
  return {
    held,
    register: (accelerator: string, callback: () => void) => (held.has(accelerator) ? false : (held.set(accelerator, callback), true)),
    unregister: (accelerator: string) => void held.delete(accelerator),
  }
}

const mainDir = resolve('/opt/proofwatch/out/main')
const appPage = 'app://proofwatch/index.html'
const SIG = encodeBase58(Uint8Array.from({ length: 64 }, (_, i) => 250 - i))
const KEY = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => 60 + i))

function connection(state: ConnectionState['socket']['state'], paused = false): ConnectionState {
  return {
    indexer: { demo: true, httpUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1/ws' },
    http: { state: 'ok', lastOkAt: 1, lastError: null },
    socket: { state, reason: null, nextRetryAt: null, since: 0, reconnects: 0, lastEventAt: null },
    channels: [],
    paused,
  }
}

function fakeMonitor(initial: SavedSettings = DEFAULT_SETTINGS) {
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
  } as unknown as Monitor & Record<string, ReturnType<typeof vi.fn>>
  return { monitor, emit }
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

async function start(overrides: Partial<RunAppOptions> = {}, saved?: SavedSettings) {
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

describe('runApp start', () => {
  it('enables the sandbox, names the app for the OS, takes the instance lock, and opens one secure window', async () => {
    const { running, window } = await start()
    expect(running).not.toBeNull()
    expect(f.app.calls.slice(0, 4)).toEqual(['enableSandbox', `setDesktopName ${DESKTOP_NAME}`, 'requestSingleInstanceLock', 'ready'])
    expect(FakeBrowserWindow.instances).toHaveLength(1)
    expect(window!.options).toEqual(buildWindowOptions({ preloadPath: preloadPath(mainDir), bounds: { width: 1280, height: 800 } }))
    expect(window!.loaded).toEqual({ url: 'app://proofwatch/index.html' })
    expect(running!.getWindow()).toBe(window)
  })

  it('makes app:// privileged before ready, and serves the built renderer on it once ready', async () => {
    await start()
    expect(f.protocol.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])
    expect(f.protocol.privilegedBeforeReady).toBe(true)
    expect([...f.protocol.handlers.keys()]).toEqual(['app'])
    const missing = await f.protocol.handlers.get('app')!(new Request('app://proofwatch/no-such-file.js'))
    expect(missing.status).toBe(404)
  })

  it('serves no scheme with the dev server', async () => {
    await start({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } })
    expect(f.protocol.handlers.size).toBe(0)
  })

  it('sets the AppUserModelId on Windows, before the lock', async () => {
    await start({ platform: 'win32' })
    expect(f.app.setAppUserModelId).toHaveBeenCalledWith(APP_ID)
    expect(f.app.setDesktopName).not.toHaveBeenCalled()
    expect(f.app.calls.indexOf(`setAppUserModelId ${APP_ID}`)).toBeLessThan(f.app.calls.indexOf('requestSingleInstanceLock'))
  })

  it('creates the monitor with the settings, the launch options, the encrypted credential store and the history file, and starts it', async () => {
    const { createMonitor, monitor } = await start({ argv: ['--indexer', 'http://127.0.0.1:9000', '--some-chromium-switch'] })
    expect(createMonitor).toHaveBeenCalledTimes(1)
    const options = createMonitor.mock.calls[0]![0]
    expect(options.launch).toMatchObject({ indexerUrl: 'http://127.0.0.1:9000' })
    expect(options.settings.read()).toEqual(DEFAULT_SETTINGS)
    expect(options.secrets!.encrypted).toBe(true)
    expect(options.historyPath).toBe(join(userData, 'history.sqlite'))
    expect(options.appInfo).toEqual({ platform: 'desktop', version: '1.2.3', dataDir: userData, logFile: null })
    expect(monitor.start).toHaveBeenCalledTimes(1)
  })

  it('exports to a file the user picks in a save dialog', async () => {
    const { monitor } = await start()
    const destination = (monitor.setExportDestination as ReturnType<typeof vi.fn>).mock.calls[0]![0] as (r: unknown, w: unknown) => Promise<unknown>
    const toFile = vi.fn(async (path: string) => ({ kind: 'proofs', format: 'json', rows: 1, bytes: 2, path }))
    f.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: join(userData, 'proofs.json') })
    await expect(destination({ kind: 'proofs', format: 'json', filter: {} }, { toFile, toStream: vi.fn() })).resolves.toEqual({
      status: 'saved',
      path: join(userData, 'proofs.json'),
      rows: 1,
      bytes: 2,
    })
    expect(f.dialog.showSaveDialog).toHaveBeenCalledWith(FakeBrowserWindow.instances[0], expect.objectContaining({ title: 'Export proofs' }))
  })

  it('registers the link handler: the scheme alone when packaged, with the script in development', async () => {
    await start()
    expect(f.app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('proofwatch')
    f = fakeElectron()
    await start({ defaultApp: true, processArgv: ['/usr/bin/electron', 'out/main/index.js'] })
    expect(f.app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('proofwatch', '/opt/proofwatch/proofwatch', [resolve('out/main/index.js')])
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

  it('prints the usage, with --hidden, for --help and exits', async () => {
    const { running, printed } = await start({ argv: ['--help'] })
    expect(running).toBeNull()
    expect(printed.join('')).toContain('--data-dir')
    expect(printed.join('')).toContain('--hidden')
    expect(f.app.exit).toHaveBeenCalledWith(0)
  })

  it('writes a rotating log file in the data folder when no log is given, and tells the monitor where', async () => {
    const { createMonitor } = await start({ log: undefined })
    expect(readdirSync(join(userData, 'logs'))).toContain('main.log')
    expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toContain('ProofWatch starting')
    expect(createMonitor.mock.calls[0]![0].appInfo).toMatchObject({ logFile: join(userData, 'logs', 'main.log') })
  })

  it('keeps the credentials in use out of the log file, wherever a line quotes them', async () => {
    const { createMonitor } = await start({ log: undefined })
    const options = createMonitor.mock.calls[0]![0]
    options.secrets!.set('mine', 'bearer:tok-abcdef-123456')
    options.log!.warn('server said: unknown key tok-abcdef-123456', { echoed: ['tok-abcdef-123456'] })
    const text = readFileSync(join(userData, 'logs', 'main.log'), 'utf8')
    expect(text).toContain('server said: unknown key [redacted]')
    expect(text).not.toContain('tok-abcdef-123456')
  })
})

describe('runApp bridge', () => {
  it('registers every bridge channel, validated and routed to the monitor', async () => {
    const { monitor, window, page } = await start()
    expect([...f.ipcMain.invokeHandlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort())
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, page(), 'Proof1')).resolves.toEqual({ result: 'getProof result' })
    expect(monitor.getProof).toHaveBeenCalledWith('Proof1')
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, page(), 42)).resolves.toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, ipcEventFrom(window!.webContents, 'https://evil.example/'), 'P')).resolves.toEqual({
      error: { code: 'INVALID_ARGUMENT', message: 'Untrusted sender' },
    })
  })

  it('keeps PROOFWATCH_CREDENTIAL and the vault\'s credentials out of the log and out of what the window is answered', async () => {
    const lines: string[] = []
    const record = (level: string) => (message: string, details?: unknown) => lines.push(`${level} ${message} ${JSON.stringify(details)}`)
    const { createMonitor, monitor, page } = await start({
      env: { PROOFWATCH_CREDENTIAL: 'bearer:desktopEnvToken123' },
      log: { info: record('info'), warn: record('warn'), error: record('error') },
    })
    const given = createMonitor.mock.calls[0]![0]
    given.secrets!.set('saved-profile', 'cookie:zk_session=desktopVaultCookie456')
    // The monitor shares the app's set of known secrets, as the real one does.
    Object.assign(monitor, { knownSecrets: given.knownSecrets })
    given.log!.warn('the indexer said desktopEnvToken123 and desktopVaultCookie456', new Error('echo desktopVaultCookie456'))
    vi.mocked(monitor.getProof).mockRejectedValueOnce(new Error('401: session desktopVaultCookie456 for Bearer desktopEnvToken123 refused'))
    const answer = await f.ipcMain.invoke(IPC_CHANNELS.getProof, page(), 'Proof1')
    expect(answer).toMatchObject({ error: { message: '401: session [redacted] for Bearer [redacted] refused' } })
    expect(lines.join('\n')).toContain('the indexer said [redacted] and [redacted]')
    expect(lines.join('\n')).not.toMatch(/desktopEnvToken123|desktopVaultCookie456/)
  })

  it('refuses bad arguments before they reach the monitor or the shell', async () => {
    const { monitor, page } = await start()
    const bad: Array<[keyof typeof IPC_CHANNELS, unknown[]]> = [
      ['setLivePaused', ['yes']],
      ['openExternal', [{ kind: 'url', id: 'https://evil.example' }]],
      ['openExternal', [{ kind: 'transaction', id: SIG, url: 'https://evil.example' }]],
      ['markNotificationsRead', ['some']],
      ['updateSettings', [{ notifications: { doNotDisturb: true }, shell: 'rm -rf /' }]],
      ['unwatchAddress', [{ pubkey: KEY }]],
    ]
    for (const [method, args] of bad) {
      await expect(f.ipcMain.invoke(IPC_CHANNELS[method], page(), ...args)).resolves.toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    }
    expect(monitor.setLivePaused).not.toHaveBeenCalled()
    expect(monitor.markNotificationsRead).not.toHaveBeenCalled()
    expect(monitor.updateSettings).not.toHaveBeenCalled()
    expect(f.shell.openExternal).not.toHaveBeenCalled()
  })

  it('gives the monitor a browser opener that opens explorer pages and nothing else', async () => {
    const { monitor } = await start()
    const open = (monitor.setExternalOpener as ReturnType<typeof vi.fn>).mock.calls[0]![0] as (url: string) => Promise<boolean>
    await expect(open(`https://explorer.solana.com/tx/${SIG}`)).resolves.toBe(true)
    await expect(open('javascript:alert(1)')).resolves.toBe(false)
    await expect(open(`https://explorer.solana.com/tx/${KEY}`)).resolves.toBe(false)
    expect(f.shell.openExternal.mock.calls).toEqual([[`https://explorer.solana.com/tx/${SIG}`]])
  })

  it('relays monitor events to the window once its page is ready', async () => {
    const { emit, window, ready } = await start()
    emit([{ event: 'overview', payload: { tps: 1 } } as BridgeEvent])
    expect(window!.webContents.sent).toEqual([])
    ready()
    expect(window!.webContents.sent).toEqual([{ channel: EVENTS_CHANNEL, args: [[{ event: 'overview', payload: { tps: 1 } }]] }])
  })
})

describe('runApp notifications', () => {
  const verified = (id: string, subject: { kind: 'transaction' | 'proof'; id: string } | null) =>
    ({ id, kind: 'PROOF_VERIFIED', title: 'Proof verified', body: 'Your age proof was verified', receivedAt: 0, read: false, subject, raw: {}, extra: {} })

  it('shows the notice the core decided as a native notification, with the app icon, and a click opens its subject', async () => {
    const { emit, window, ready, received } = await start()
    ready()
    window!.hide()
    emit([{ event: 'notice', payload: [{ title: 'Proof verified', body: 'Your age proof was verified', route: `/transactions/${SIG}`, count: 1, key: 'notification:n1', kind: 'ownProofs' }] }])
    expect(FakeNotification.instances).toHaveLength(1)
    const shown = FakeNotification.instances[0]!
    expect(shown.shown).toBe(true)
    expect(shown.options).toMatchObject({ title: 'Proof verified', body: 'Your age proof was verified' })
    shown.emit('click', {})
    expect(window!.isVisible()).toBe(true)
    expect(received()).toContainEqual({ event: 'navigate', payload: `/transactions/${SIG}` })
  })

  it('decides nothing itself: events without a notice pop nothing up, and the tray lists the newest entries', async () => {
    const { emit, clock, tray } = await start()
    emit([
      { event: 'userProofs', payload: Array.from({ length: 200 }, (_, i) => ({ proofAccount: `P${i}`, authority: null, circuitId: null, proofType: 'AGE', slot: '1', raw: {}, extra: {} })) },
      { event: 'notifications', payload: [verified('n2', null)] },
      { event: 'unread', payload: { total: 1, addresses: {}, circuits: {} } },
    ])
    clock.advance(1000)
    expect(FakeNotification.instances).toHaveLength(0)
    expect(tray!.tooltip).toContain('1 unread')
    expect(tray!.menu!.item('Proof verified')).toBeDefined()
  })
})

describe('runApp tray', () => {
  it('shows the connection and unread state, with the unread count in the tooltip', async () => {
    const { emit, tray, clock } = await start()
    expect(tray!.image).toBe(resolve(mainDir, '..', '..', 'resources', 'tray', 'tray-offline-light.png'))
    emit([{ event: 'connection', payload: connection('live') }])
    expect(tray!.image).toMatch(/tray-connected-light\.png$/)
    emit([{ event: 'notifications', payload: [{ id: 'n1', kind: 'SYSTEM', title: 'Indexer updated', body: '', receivedAt: 0, read: false, raw: {}, extra: {} }] }])
    // The count is the core's one unread model, pushed as `unread`; the tray does not count on its own.
    expect(tray!.image).toMatch(/tray-connected-light\.png$/)
    emit([{ event: 'unread', payload: { total: 1, addresses: {}, circuits: {} } }])
    expect(tray!.image).toMatch(/tray-unread-light\.png$/)
    clock.advance(1000)
    expect(tray!.tooltip).toBe('ProofWatch — connected · 1 unread')
    expect(tray!.menu!.item('Indexer updated')).toBeDefined()
    emit([{ event: 'unread', payload: { total: 0, addresses: {}, circuits: {} } }])
    clock.advance(1000)
    expect(tray!.tooltip).toBe('ProofWatch — connected')
  })

  it('switches do-not-disturb and the live feed from its menu, and quits', async () => {
    const { monitor, tray } = await start()
    tray!.menu!.item('Do not disturb').click!()
    await vi.waitFor(() => expect(monitor.updateSettings).toHaveBeenCalledWith({ notifications: { doNotDisturb: true } }))
    await vi.waitFor(() => expect(tray!.menu!.item('Do not disturb').checked).toBe(true))
    tray!.menu!.item('Pause live feed').click!()
    await vi.waitFor(() => expect(monitor.setLivePaused).toHaveBeenCalledWith(true))
    await vi.waitFor(() => expect(tray!.menu!.item('Pause live feed').checked).toBe(true))
    tray!.menu!.item('Quit ProofWatch').click!()
    expect(f.app.quit).toHaveBeenCalled()
  })

  it('names no display name in its recent events under "No addresses": the words to hide come from the core, asked with each entry', async () => {
    const { monitor, tray, emit, clock } = await start()
    await monitor.updateSettings({ notifications: { privacy: 'noAddresses' } })
    vi.mocked(monitor.privacyWords).mockReturnValue(['demo_6cmm'])
    emit([{ event: 'notifications', payload: [{ id: 'n1', kind: 'ADDRESS_TRANSACTION', title: 'New transaction on demo_6cmm', body: '', receivedAt: 0, read: false, raw: {}, extra: {} }] }])
    clock.advance(1000)
    const labels = JSON.stringify(tray!.menu!.labels())
    expect(labels).toContain('New transaction on a watched address')
    expect(labels).not.toContain('demo_6cmm')
  })

  it('snoozes a rule from its menu, and shows the snooze until the monitor says it ended', async () => {
    const { monitor, tray, emit } = await start()
    const rule = tray!.menu!.item('Watched addresses').submenu!
    rule.find((item) => item.label === '8 hours')!.click!()
    await vi.waitFor(() => expect(monitor.snoozeNotifications).toHaveBeenCalledWith({ target: { kind: 'source', id: 'addresses' }, duration: '8h' }))
    emit([{ event: 'snoozes', payload: [{ target: { kind: 'source', id: 'addresses' }, until: null }] }])
    await vi.waitFor(() => expect(tray!.menu!.item('End snooze: Watched addresses (until ended)')).toBeDefined())
    tray!.menu!.item('End snooze: Watched addresses (until ended)').click!()
    await vi.waitFor(() => expect(monitor.endSnooze).toHaveBeenCalledWith({ kind: 'source', id: 'addresses' }))
    emit([{ event: 'snoozes', payload: [] }])
    await vi.waitFor(() => expect(tray!.menu!.item('Snooze')).toBeDefined())
  })

  it('hides the window to the tray on close, and really closes when quitting', async () => {
    const { window } = await start()
    window!.show()
    window!.close()
    expect(window!.destroyed).toBe(false)
    expect(window!.isVisible()).toBe(false)
    f.app.quit()
    window!.close()
    expect(window!.destroyed).toBe(true)
  })

  it('shows the window on the global shortcut, hides it when it is in front, and lets the keys go at quit', async () => {
    const { window } = await start()
    const shortcuts = (f as unknown as { globalShortcut: ReturnType<typeof fakeGlobalShortcut> }).globalShortcut
    const press = () => shortcuts.held.get('CommandOrControl+Alt+P')!()
    window!.hide()
    press()
    expect(window!.isVisible()).toBe(true)
    window!.focus()
    press()
    expect(window!.isVisible()).toBe(false)
    f.app.emit('will-quit')
    expect(shortcuts.held.size).toBe(0)
  })

  it('closes (and quits) instead when closing to the tray is off', async () => {
    const { window } = await start({}, applySettingsPatch(DEFAULT_SETTINGS, { desktop: { closeToTray: false } }).settings)
    window!.close()
    expect(window!.destroyed).toBe(true)
    f.app.emit('window-all-closed')
    expect(f.app.quit).toHaveBeenCalledTimes(1)
  })

  it('starts hidden in the tray when asked, by setting or by --hidden', async () => {
    const bySetting = await start({}, applySettingsPatch(DEFAULT_SETTINGS, { desktop: { startHidden: true } }).settings)
    bySetting.window!.emit('ready-to-show')
    expect(bySetting.window!.calls).not.toContain('show')
    f = fakeElectron()
    FakeBrowserWindow.instances.length = 0
    const byFlag = await start({ argv: ['--hidden'] })
    byFlag.window!.emit('ready-to-show')
    expect(byFlag.window!.calls).not.toContain('show')
  })

  it('applies launch at login when the setting changes', async () => {
    const home = join(userData, 'home')
    const { page } = await start({ platform: 'darwin', env: { XDG_CONFIG_HOME: home } })
    await f.ipcMain.invoke(IPC_CHANNELS.updateSettings, page(), { desktop: { launchAtLogin: true } })
    expect(f.app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: true })
  })
})

describe('runApp links and instances', () => {
  it('focuses the existing window when a second instance starts', async () => {
    const { window } = await start()
    window!.minimized = true
    f.app.emit('second-instance', {}, [], '/')
    expect(window!.calls.slice(-3)).toEqual(['restore', 'show', 'focus'])
    expect(FakeBrowserWindow.instances).toHaveLength(1)
  })

  it("opens a second instance's link in the first", async () => {
    const { ready, received } = await start()
    ready()
    f.app.emit('second-instance', {}, ['/opt/proofwatch/proofwatch', `proofwatch://proof/${KEY}`], '/')
    expect(received()).toContainEqual({ event: 'navigate', payload: `/proofs/${KEY}` })
  })

  it('refuses a hostile link with the reason, and navigates nowhere', async () => {
    const { ready, received } = await start()
    ready()
    f.app.emit('second-instance', {}, ['proofwatch://tx/../../etc/passwd'], '/')
    const events = received()
    expect(events.some((e) => e.event === 'navigate')).toBe(false)
    expect(events).toContainEqual({
      event: 'problem',
      payload: expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('Link not opened') }),
    })
  })

  it('opens a link from the first command line and a macOS open-url that came before the window', async () => {
    const early = fakeEvent({})
    const waiting = start({ argv: [`proofwatch://address/${KEY}`] })
    f.app.emit('open-url', early, `proofwatch://tx/${SIG}`)
    const { ready, received } = await waiting
    expect(early.defaultPrevented).toBe(true)
    ready()
    expect(received().filter((e) => e.event === 'navigate')).toEqual([{ event: 'navigate', payload: `/address/${KEY}` }])
  })

  it('reopens the window on activate (macOS) after it was closed', async () => {
    const { window, running } = await start({ platform: 'darwin' }, applySettingsPatch(DEFAULT_SETTINGS, { desktop: { closeToTray: false } }).settings)
    window!.close()
    expect(running!.getWindow()).toBeNull()
    f.app.emit('window-all-closed')
    expect(f.app.quit).not.toHaveBeenCalled()
    f.app.emit('activate')
    expect(FakeBrowserWindow.instances).toHaveLength(2)
    expect(running!.getWindow()).toBe(FakeBrowserWindow.instances[1])
  })
})

describe('runApp window, menu and power', () => {
  it('remembers the window size and position for the next start', async () => {
    const first = await start()
    first.window!.normalBounds = { x: 200, y: 100, width: 1000, height: 700 }
    first.window!.maximize()
    expect(JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 200, y: 100, width: 1000, height: 700 },
      maximized: true,
    })
    f = fakeElectron()
    FakeBrowserWindow.instances.length = 0
    const second = await start()
    expect(second.window!.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 700 })
    expect(second.window!.calls).toContain('maximize')
  })

  it('opens at the default size when the saved file is unusable', async () => {
    writeFileSync(join(userData, 'window-state.json'), '{"bounds": "everywhere"}')
    const { window } = await start()
    expect(window!.options).toMatchObject({ width: 1280, height: 800 })
    expect(window!.options).not.toHaveProperty('x')
  })

  it('sets the application menu, whose items reach the monitor, the logs folder and the views', async () => {
    const { monitor, ready, received } = await start({ log: undefined })
    ready()
    const menu = fakeMenuModule.current!
    expect(menu.labels()).toEqual(['File', 'Edit', 'View', 'Go', 'Connection', 'windowMenu', 'help'])
    menu.item('Reconnect Now').click!()
    expect(monitor.reconnectNow).toHaveBeenCalled()
    menu.item('Open Logs Folder').click!()
    expect(f.shell.openPath).toHaveBeenCalledWith(join(userData, 'logs'))
    menu.item('Transactions').click!()
    expect(received()).toContainEqual({ event: 'navigate', payload: '/transactions' })
  })

  it('tells the monitor about sleep, wake and the network', async () => {
    const { monitor } = await start()
    f.powerMonitor.emit('suspend')
    expect(monitor.suspend).toHaveBeenCalled()
    f.powerMonitor.emit('resume')
    expect(monitor.resume).toHaveBeenCalled()
  })
})

describe('runApp quit', () => {
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
    expect(FakeTray.instances[0]!.destroyed).toBe(true)
  })
})
