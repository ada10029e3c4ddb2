import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it, vi } from 'vitest'

const MODULE_NAMES = ['app', 'BrowserWindow', 'dialog', 'ipcMain', 'Menu', 'Tray', 'Notification', 'shell', 'powerMonitor', 'net', 'screen', 'nativeTheme', 'safeStorage', 'protocol', 'globalShortcut']

const mocks = vi.hoisted(() => ({
  runApp: vi.fn(async () => null),
  createMonitor: vi.fn(),
  startV8MemoryModeSoon: vi.fn(),
  enableCompileCache: vi.fn(() => 'ENABLED'),
  electron: Object.fromEntries(
    ['app', 'BrowserWindow', 'dialog', 'ipcMain', 'Menu', 'Tray', 'Notification', 'shell', 'powerMonitor', 'net', 'screen', 'nativeTheme', 'safeStorage', 'protocol', 'globalShortcut'].map(
      (name) => [name, { name }],
    ),
  ),
}))

vi.mock('electron', () => ({ default: mocks.electron, ...mocks.electron }))
vi.mock('./electron/app-main', () => ({ runApp: mocks.runApp }))
vi.mock('./core/monitor/monitor', () => ({ createMonitor: mocks.createMonitor }))
vi.mock('./runtime/v8-memory-mode', () => ({ startV8MemoryModeSoon: mocks.startV8MemoryModeSoon }))
vi.mock('./runtime/compile-cache', () => ({ enableCompileCache: mocks.enableCompileCache }))

it('hands the Electron modules, the process and the monitor factory (with the built-in demo) to runApp', async () => {
  await import('./index')
  expect(mocks.runApp).toHaveBeenCalledTimes(1)
  const [modules, options] = mocks.runApp.mock.calls[0] as unknown as [Record<string, unknown>, Record<string, unknown>]
  expect(Object.keys(modules).sort()).toEqual([...MODULE_NAMES].sort())
  for (const name of MODULE_NAMES) expect(modules[name]).toBe(mocks.electron[name])
  expect(options).toMatchObject({
    mainDir: dirname(fileURLToPath(import.meta.url)),
    argv: process.argv.slice(1),
    env: process.env,
    platform: process.platform,
    createMonitor: expect.any(Function),
    execPath: process.execPath,
    processArgv: process.argv,
    defaultApp: process.defaultApp === true,
  })
  // The memory mode is set up first (and taken on a second later, v8-memory-mode.ts).
  expect(mocks.startV8MemoryModeSoon).toHaveBeenCalledTimes(1)
  expect(mocks.startV8MemoryModeSoon.mock.invocationCallOrder[0]).toBeLessThan(mocks.runApp.mock.invocationCallOrder[0] as number)
  // The compile cache is on before the app's code is loaded.
  expect(mocks.enableCompileCache).toHaveBeenCalledTimes(1)
  expect(mocks.enableCompileCache.mock.invocationCallOrder[0]).toBeLessThan(mocks.runApp.mock.invocationCallOrder[0] as number)
  const create = options.createMonitor as (o: { settings: unknown }) => unknown
  create({ settings: 'saved' })
  expect(mocks.createMonitor).toHaveBeenCalledWith({ settings: 'saved', demo: expect.objectContaining({ wallet: expect.any(String), start: expect.any(Function) }) })
})

