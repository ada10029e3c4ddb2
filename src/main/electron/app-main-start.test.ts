import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS } from '../core/config/settings'
import { APP_ID, DESKTOP_NAME } from './app-identity'
import { FakeBrowserWindow, fakeEvent, FakeTray } from '@test/support/fake-electron'
import { buildWindowOptions, preloadPath } from './window'
import { renewFakeElectron, start, mainDir, userData, f, useFakeElectron } from '@test/support/app-main-rig'

vi.mock('electron', () => import('@test/support/app-main-electron-module'))
useFakeElectron()

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
    renewFakeElectron()
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
