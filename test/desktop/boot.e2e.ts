/**
 * The built main bundle (`out/main/index.js`), as a user's Electron would
 * run it, on the stand-in Electron: what it does from `ready` to quit.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BridgeEvent, BridgeMethodName, BridgeResponse, BridgeResult } from '@shared/bridge'
import { EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import { DesktopApp, ROOT } from './desktop-app'

const RENDERER_HTML = resolve(ROOT, 'out/renderer/index.html')
const PRELOAD = resolve(ROOT, 'out/preload/index.cjs')
const PAGE_URL = pathToFileURL(RENDERER_HTML).href

/** A bridge call as the app's own page makes it: through the preload's channel, from the window's top frame. */
async function call<M extends BridgeMethodName>(app: DesktopApp, method: M, ...args: unknown[]): Promise<BridgeResult<M>> {
  const response = (await app.invoke(1, PAGE_URL, IPC_CHANNELS[method], args)) as BridgeResponse<BridgeResult<M>>
  if ('error' in response) throw new Error(`${method}: ${response.error.code} ${response.error.message}`)
  return response.result
}

function eventsSent(app: DesktopApp): BridgeEvent[] {
  return app.toRenderer.filter((message) => message.channel === EVENTS_CHANNEL).flatMap((message) => message.args[0] as BridgeEvent[])
}

describe('the built desktop app on the stand-in Electron', () => {
  let home: string
  let userData: string
  let app: DesktopApp

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'proofwatch-desktop-'))
    userData = join(home, '.config', 'ProofWatch')
    app = new DesktopApp({ home })
    await app.waitForCall('BrowserWindow.loadFile')
  })

  afterAll(async () => {
    await app?.kill()
  })

  it('runs in Node 24, the Node that Electron embeds', () => {
    expect(app.hello?.node.split('.')[0]).toBe('24')
  })

  it('turns the sandbox on before ready and opens one window with the security options', async () => {
    expect(app.calls('app.enableSandbox')).toHaveLength(1)
    const windows = app.calls('BrowserWindow.new')
    expect(windows).toHaveLength(1)
    const options = windows[0]!.args[0] as { show: boolean; webPreferences: Record<string, unknown> }
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    // Navigation, new windows and permissions are refused, and every response gets the app's CSP.
    expect(await app.probe(1, { probe: 'navigate', url: 'https://example.com/' })).toEqual({ prevented: true })
    expect(await app.probe(1, { probe: 'navigate', url: PAGE_URL + '#/proofs' })).toEqual({ prevented: false })
    expect(await app.probe(1, { probe: 'window-open', url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(await app.probe(1, { probe: 'permission', permission: 'geolocation', requestingUrl: PAGE_URL })).toBe(false)
    const headers = (await app.probe(1, { probe: 'headers' })) as Record<string, string[]>
    expect(Object.keys(headers)).toEqual(['Content-Security-Policy'])
    expect(headers['Content-Security-Policy']![0]).toContain("default-src 'self'")
  })

  it('loads the built renderer with the built preload, both of which exist', async () => {
    const [load] = app.calls('BrowserWindow.loadFile')
    expect(resolve(ROOT, load!.args[0] as string)).toBe(RENDERER_HTML)
    expect(existsSync(RENDERER_HTML)).toBe(true)
    const options = app.calls('BrowserWindow.new')[0]!.args[0] as { webPreferences: { preload: string } }
    expect(options.webPreferences.preload).toBe(PRELOAD)
    expect(existsSync(options.webPreferences.preload)).toBe(true)
    // The window is shown once the page is ready to show, and the stand-in saw no preload fail to load.
    await app.waitForCall('BrowserWindow.show')
    expect(app.calls('webContents.preload-error')).toEqual([])
  })

  it('registers exactly one IPC handler per contract method', () => {
    const handled = app.calls('ipcMain.handle').map((entry) => entry.args[0] as string)
    expect(new Set(handled).size).toBe(handled.length)
    expect([...handled].sort()).toEqual(Object.values(IPC_CHANNELS).sort())
    expect(app.calls('ipcMain.on').map((entry) => entry.args[0])).toContain(READY_CHANNEL)
  })

  it('creates the tray with icon files that exist', () => {
    const trays = app.calls('Tray.new')
    expect(trays).toHaveLength(1)
    const images = [...trays, ...app.calls('Tray.setImage')].map((entry) => entry.args[0] as string)
    for (const image of images) expect(existsSync(image), image).toBe(true)
    expect(app.calls('Tray.setContextMenu').length).toBeGreaterThan(0)
  })

  it('starts the monitor on the demo indexer, and refuses callers that are not its page', async () => {
    await expect
      .poll(async () => (await call(app, 'getConnection')).socket.state, { timeout: 20_000 })
      .toBe('live')
    const connection = await call(app, 'getConnection')
    expect(connection.indexer.demo).toBe(true)
    expect(new URL(connection.indexer.httpUrl).hostname).toBe('127.0.0.1')
    const info = await call(app, 'getAppInfo')
    expect(info).toMatchObject({ platform: 'desktop', dataDir: userData, secrets: { encrypted: true } })
    expect(await app.invoke(1, 'https://example.com/', IPC_CHANNELS.getAppInfo, [])).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
  })

  it('shows a native notification for a user:notifications event the demo sends', async () => {
    // The page says it is ready, as the preload does on its first `on`: main then relays the events it pushes.
    app.send(1, PAGE_URL, READY_CHANNEL, [])
    const userNotifications = () =>
      eventsSent(app).flatMap((event) => (event.event === 'notifications' ? event.payload : []))
    await app.until(() => userNotifications().length > 0, 'a user:notifications event', 45_000)
    const titles = userNotifications().map((notification) => notification.title)
    const fromUserChannel = (entry: { args: unknown[] }) => {
      const { title = '', body = '' } = entry.args[0] as { title?: string; body?: string }
      return titles.includes(title) || titles.some((t) => body.includes(t)) || /\bnotifications?\b/.test(body) || /\bnotifications?$/.test(title)
    }
    const shown = await app.waitForCall('Notification.show', fromUserChannel)
    const { icon } = shown.args[0] as { icon?: string }
    if (icon !== undefined) expect(existsSync(icon), icon).toBe(true)
  })

  it('hands the proofwatch:// link of a second launch to the first', async () => {
    const [transaction] = (await call(app, 'listTransactions', { limit: 1 })).items
    expect(transaction).toBeDefined()
    const link = `proofwatch://tx/${transaction!.signature}`
    const second = new DesktopApp({ home, args: [link] })
    const { code } = await second.exited
    expect(code).toBe(0)
    expect(second.calls('app.requestSingleInstanceLock')).toHaveLength(1)
    expect(second.calls('BrowserWindow.new')).toEqual([])
    await app.until(
      () => eventsSent(app).some((event) => event.event === 'navigate' && event.payload === `/transactions/${transaction!.signature}`),
      'the navigate event for the link',
    )
    expect(app.calls('app.second-instance')[0]!.args[0]).toContain(link)
  })

  it('on quit closes the cache, the sockets and the demo indexer, and the process ends by itself', async () => {
    const { exit, tookMs } = await app.quit(8000)
    expect(exit).toEqual({ code: 0, signal: null })
    expect(tookMs).toBeLessThan(8000)
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    expect(existsSync(join(userData, 'history.sqlite'))).toBe(true)
    expect(existsSync(join(userData, 'history.sqlite-wal'))).toBe(false)
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toBeTypeOf('object')
    expect(app.calls('Tray.destroy')).toHaveLength(1)
    expect(app.missing, 'Electron API the app used that the stand-in lacks').toEqual([])
  })
})
