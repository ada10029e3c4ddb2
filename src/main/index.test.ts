import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it, vi } from 'vitest'

const mocks = vi.hoisted(() => ({
  runApp: vi.fn(async () => null),
  createMonitor: vi.fn(),
  electron: { app: { name: 'app' }, BrowserWindow: class {}, dialog: {}, ipcMain: {} },
}))

vi.mock('electron', () => ({ default: mocks.electron, ...mocks.electron }))
vi.mock('./electron/app-main', () => ({ runApp: mocks.runApp }))
vi.mock('./core/monitor', () => ({ createMonitor: mocks.createMonitor }))

it('hands the Electron modules, the process and the monitor factory to runApp', async () => {
  await import('./index')
  expect(mocks.runApp).toHaveBeenCalledTimes(1)
  const [modules, options] = mocks.runApp.mock.calls[0] as unknown as [Record<string, unknown>, Record<string, unknown>]
  expect(modules).toEqual({
    app: mocks.electron.app,
    BrowserWindow: mocks.electron.BrowserWindow,
    dialog: mocks.electron.dialog,
    ipcMain: mocks.electron.ipcMain,
  })
  expect(options).toMatchObject({
    mainDir: dirname(fileURLToPath(import.meta.url)),
    argv: process.argv.slice(1),
    env: process.env,
    platform: process.platform,
    createMonitor: mocks.createMonitor,
  })
})
