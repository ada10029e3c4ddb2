/// <reference lib="dom" />
/**
 * The built desktop app as a user's Electron would run it, minus Electron's
 * own C++: `out/main/index.js` on the stand-in Electron from `ready` to quit,
 * and with it `out/preload/index.cjs` in a sandbox and the built renderer in
 * Chromium, joined through main's IPC handlers.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { Bridge, BridgeEvent, BridgeMethodName, BridgeResponse, BridgeResult } from '@shared/bridge'
import { EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import { ACTIVITY_NOTIFICATION_KINDS } from '@shared/domain'
import { browserMissing, SCREENSHOTS } from '../e2e/browser'
import { drawnPixels } from '../e2e/canvas'
import { launchHeadlessChromium } from '../support/chromium'
import { SECURE_WEB_PREFERENCES } from '../support/secure-web-preferences'
import { DesktopApp, ROOT } from './desktop-app'
import { exposeToPage } from './page-bridge'
import { runPreload, type PreloadRun } from './preload-sandbox'

const RENDERER_HTML = resolve(ROOT, 'out/renderer/index.html')
const PRELOAD = resolve(ROOT, 'out/preload/index.cjs')
/** Where Electron shows the app's page: main serves the built renderer on its own scheme. */
const PAGE_URL = 'app://proofwatch/index.html'
/** Where Chromium here loads the same built page from (it has no app:// scheme). */
const FILE_PAGE_URL = pathToFileURL(RENDERER_HTML).href
/** The frame URL Electron would report for the page Chromium shows: the same route on app://. */
const asAppUrl = (url: string) => (url.startsWith(FILE_PAGE_URL) ? PAGE_URL + url.slice(FILE_PAGE_URL.length) : url)

/** A bridge call as the app's own page makes it: through the preload's channel, from the window's top frame. */
async function call<M extends BridgeMethodName>(app: DesktopApp, method: M, ...args: unknown[]): Promise<BridgeResult<M>> {
  const response = (await app.invoke(1, PAGE_URL, IPC_CHANNELS[method], args)) as BridgeResponse<BridgeResult<M>>
  if ('error' in response) throw new Error(`${method}: ${response.error.code} ${response.error.message}`)
  return response.result
}

const browserSkipped = browserMissing()

function eventsSent(app: DesktopApp): BridgeEvent[] {
  return app.toRenderer.filter((message) => message.channel === EVENTS_CHANNEL).flatMap((message) => message.args[0] as BridgeEvent[])
}

describe('the built desktop app on the stand-in Electron', () => {
  let home: string
  let userData: string
  let app: DesktopApp
  let browser: Browser | undefined
  /** The renderer in Chromium on the preload's API, once the joined run has started. */
  let page: Page | undefined
  const pageErrors: string[] = []

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'proofwatch-desktop-'))
    userData = join(home, '.config', 'ProofWatch')
    app = new DesktopApp({ home })
    await app.waitForCall('BrowserWindow.loadURL')
  })

  afterAll(async () => {
    await browser?.close()
    await app?.kill()
  })

  it('runs in Node 24, the Node that Electron embeds', () => {
    expect(app.hello?.node.split('.')[0]).toBe('24')
  })

  it('turns the sandbox on before ready and opens one window with the security options', async () => {
    expect(app.calls('app.enableSandbox')).toHaveLength(1)
    const windows = app.calls('BrowserWindow.new')
    expect(windows).toHaveLength(1)
    const options = windows[0]!.args[0] as { icon?: string; webPreferences: Record<string, unknown> }
    // The window icon is found from the bundle's folder: a wrong path would silently leave the window without one.
    expect(options.icon).toBe(resolve(ROOT, 'resources/icon.png'))
    expect(existsSync(options.icon!)).toBe(true)
    expect(options.webPreferences).toMatchObject(SECURE_WEB_PREFERENCES)
    // Navigation, new windows and permissions are refused, and every response gets the app's CSP.
    expect(await app.probe(1, { probe: 'navigate', url: 'https://example.com/' })).toEqual({ prevented: true })
    expect(await app.probe(1, { probe: 'navigate', url: PAGE_URL + '#/proofs' })).toEqual({ prevented: false })
    expect(await app.probe(1, { probe: 'window-open', url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(await app.probe(1, { probe: 'permission', permission: 'geolocation', requestingUrl: PAGE_URL })).toBe(false)
    const headers = (await app.probe(1, { probe: 'headers' })) as Record<string, string[]>
    expect(Object.keys(headers)).toEqual(['Content-Security-Policy'])
    expect(headers['Content-Security-Policy']![0]).toContain("default-src 'self'")
  })

  it('loads the built renderer on app:// from its own handler, with the built preload, both of which exist', async () => {
    const [load] = app.calls('BrowserWindow.loadURL')
    expect(load!.args[0]).toBe(PAGE_URL)
    expect(existsSync(RENDERER_HTML)).toBe(true)
    // The scheme was made privileged before ready and is answered by main's handler from the built folder.
    expect(app.calls('protocol.registerSchemesAsPrivileged')[0]!.args[0]).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])
    const page = (await app.probe(1, { probe: 'scheme-request', url: PAGE_URL })) as { status: number; headers: Record<string, string>; body: string }
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.body).toBe(readFileSync(RENDERER_HTML, 'utf8'))
    const script = /src="(?:\.?\/)?(assets\/[^"]+\.js)"/.exec(page.body)?.[1]
    expect(script).toBeDefined()
    const scriptAnswer = (await app.probe(1, { probe: 'scheme-request', url: `app://proofwatch/${script}` })) as { status: number; headers: Record<string, string> }
    expect([scriptAnswer.status, scriptAnswer.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8'])
    for (const [url, status] of [['app://proofwatch/..%2Fmain%2Findex.js', 403], ['app://proofwatch/sign-in.html', 404], ['app://proofwatch/missing.js', 404]] as const) {
      expect(((await app.probe(1, { probe: 'scheme-request', url })) as { status: number }).status, url).toBe(status)
    }
    // A page at file:// is not the app's, even the built one: its calls are refused.
    expect(await app.invoke(1, FILE_PAGE_URL, IPC_CHANNELS.getAppInfo, [])).toEqual({ error: { code: 'INVALID_ARGUMENT', message: 'Untrusted sender' } })
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
    // Besides READY, only electron-store's own listener (it answers a renderer's sendSync with the data folder).
    expect(app.calls('ipcMain.on').map((entry) => entry.args[0]).sort()).toEqual(['electron-store-get-data', READY_CHANNEL].sort())
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

  describe.skipIf(browserSkipped !== null)('joined with the built preload and the real renderer in Chromium', () => {
    let preload: PreloadRun

    beforeAll(async () => {
      // The preload's IPC goes to main's handlers as from the window's top frame, wherever the page is.
      const frameUrl = () => asAppUrl(page?.url() ?? PAGE_URL)
      preload = runPreload({
        invoke: (channel, args) => app.invoke(1, frameUrl(), channel, args),
        send: (channel, args) => app.send(1, frameUrl(), channel, args),
      })
      app.onRenderer(({ windowId, channel, args }) => {
        if (windowId === 1) preload.ipcRenderer.deliver(channel, args)
      })
      mkdirSync(SCREENSHOTS, { recursive: true })
      browser = await launchHeadlessChromium({ filePages: true })
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await exposeToPage(page, preload.exposed.get('proofwatch') as Bridge)
      await page.goto(FILE_PAGE_URL)
    })

    it('shows the dashboard on the demo indexer, with a drawn chart', async () => {
      const shown = page!
      await shown.getByTestId('demo-badge').waitFor({ timeout: 20_000 })
      await expect.poll(async () => (await shown.getByTestId('overview-value-totalProofs').textContent())?.replace(/\D/g, '').length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
      await expect.poll(() => drawnPixels(shown, '[data-testid="series-chart"]'), { timeout: 20_000 }).toBeGreaterThan(500)
      await expect.poll(() => shown.getByTestId('leaderboard-row').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      // The page told main it is ready through the preload, once.
      expect(preload.ipcRenderer.sent.filter((message) => message.channel === READY_CHANNEL)).toHaveLength(1)
      await shown.screenshot({ path: join(SCREENSHOTS, 'desktop-dashboard.png') })
    })

    it('lists proofs from main', async () => {
      const shown = page!
      await shown.getByTestId('nav-proofs').click()
      await expect.poll(() => shown.getByTestId('proof-row').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      await shown.screenshot({ path: join(SCREENSHOTS, 'desktop-proofs.png') })
    })

    it('opens a transaction from its list', async () => {
      const shown = page!
      await shown.getByTestId('nav-transactions').click()
      const first = shown.getByTestId('tx-row').first()
      await first.waitFor({ timeout: 20_000 })
      await first.locator('a').first().click()
      await shown.getByTestId('tx-detail').waitFor({ timeout: 20_000 })
      const signature = decodeURIComponent(shown.url().split('/transactions/')[1] ?? '')
      expect(signature.length).toBeGreaterThan(40)
      expect(await shown.getByTestId('tx-detail').textContent()).toContain(signature)
      await shown.screenshot({ path: join(SCREENSHOTS, 'desktop-transaction.png'), fullPage: true })
    })

    it('lists the user notifications the demo sent in the notification centre', async () => {
      const shown = page!
      await shown.getByTestId('nav-notifications').click()
      await expect.poll(() => shown.getByTestId('notification-item').count(), { timeout: 45_000 }).toBeGreaterThan(0)
      await shown.screenshot({ path: join(SCREENSHOTS, 'desktop-notifications.png') })
      expect(pageErrors).toEqual([])
    })
  })

  it('shows a native notification for a user:notifications event the demo sends', async () => {
    // The demo's user channel carries the wallet's "Proof verified": routine, so quiet by default.
    // Opted in, as a user would; reading the running roll-up lets the next proof start one, which interrupts once.
    await call(app, 'updateSettings', { notifications: { sources: { notifications: true, userProofs: true, circuits: true, addresses: true, health: true } } })
    await call(app, 'markNotificationsRead', 'all')
    // The notification centre also keeps activity (the user's proofs, watched addresses): only the channel's own count here.
    const activity: readonly string[] = ACTIVITY_NOTIFICATION_KINDS
    const userNotifications = async () => (await call(app, 'listNotifications', {})).items.filter((item) => !activity.includes(item.kind))
    await expect.poll(async () => (await userNotifications()).length, { timeout: 45_000 }).toBeGreaterThan(0)
    const titles = (await userNotifications()).map((notification) => notification.title)
    // One event shows as itself; several are summed up by source ("2 notifications", or "1 notification · 1 new proof").
    const fromUserChannel = (entry: { args: unknown[] }) => {
      const { title = '', body = '' } = entry.args[0] as { title?: string; body?: string }
      return titles.includes(title) || /\b\d+ notifications?\b/.test(`${title} ${body}`)
    }
    const shown = await app.waitForCall('Notification.show', fromUserChannel)
    // Linux shows the app icon in the notification.
    const { icon } = shown.args[0] as { icon?: string }
    expect(icon).toBe(resolve(ROOT, 'resources/icon.png'))
    expect(existsSync(icon!)).toBe(true)
  })

  it('hands the proofwatch:// link of a second launch to the first', async () => {
    const [transaction] = (await call(app, 'listTransactions', { limit: 1 })).items
    expect(transaction).toBeDefined()
    const link = `proofwatch://tx/${transaction!.signature}`
    // Main relays events once a page said it is ready: the joined page did, or this stands in for it.
    if (!page) app.send(1, PAGE_URL, READY_CHANNEL, [])
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
    if (page) {
      // The renderer follows main to the linked transaction.
      await page.getByTestId('tx-detail').waitFor({ timeout: 20_000 })
      await expect.poll(() => page!.url(), { timeout: 20_000 }).toContain(`#/transactions/${transaction!.signature}`)
      await expect.poll(async () => (await page!.getByTestId('tx-detail').textContent()) ?? '', { timeout: 20_000 }).toContain(transaction!.signature)
      await page.screenshot({ path: join(SCREENSHOTS, 'desktop-deep-link.png') })
    }
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
