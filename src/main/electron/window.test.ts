import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../core/log/log'
import type { MainWindowDeps } from './window'
import { FakeBrowserWindow, fakeEvent } from '@test/support/fake-electron'
import { SECURE_WEB_PREFERENCES } from '@test/support/secure-web-preferences'
import { resolveRendererLocation } from './renderer-location'
import { buildWindowOptions, createMainWindow, findWindowIcon, preloadPath } from './window'

const mainDir = resolve('/opt/proofwatch/out/main')

function openWith(devServerUrl?: string) {
  const window = createMainWindow({
    BrowserWindow: FakeBrowserWindow as unknown as MainWindowDeps['BrowserWindow'],
    location: resolveRendererLocation(mainDir, devServerUrl),
    preloadPath: preloadPath(mainDir),
    log: silentLogger,
  }) as unknown as FakeBrowserWindow
  return { window }
}

afterEach(() => {
  FakeBrowserWindow.instances.length = 0
})

describe('buildWindowOptions', () => {
  it('sets every security option, the size and the title', () => {
    expect(buildWindowOptions({ preloadPath: '/app/out/preload/index.cjs', iconPath: '/app/resources/icon.png' })).toEqual({
      title: 'ProofWatch',
      width: 1280,
      height: 800,
      minWidth: 800,
      minHeight: 600,
      show: false,
      icon: '/app/resources/icon.png',
      webPreferences: {
        preload: '/app/out/preload/index.cjs',
        ...SECURE_WEB_PREFERENCES,
        spellcheck: false,
      },
    })
  })

  it('leaves the icon out when there is none', () => {
    expect(buildWindowOptions({ preloadPath: '/p.cjs' })).not.toHaveProperty('icon')
  })

  it('opens at remembered bounds, keeping the minimum size and every security option', () => {
    const options = buildWindowOptions({ preloadPath: '/p.cjs', bounds: { x: 40, y: 30, width: 900, height: 650 } })
    expect(options).toMatchObject({ x: 40, y: 30, width: 900, height: 650, minWidth: 800, minHeight: 600 })
    expect(options.webPreferences).toEqual(buildWindowOptions({ preloadPath: '/p.cjs' }).webPreferences)
  })
})

describe('paths', () => {
  it('finds the preload and the icon relative to out/main', () => {
    expect(preloadPath(mainDir)).toBe(resolve('/opt/proofwatch/out/preload/index.cjs'))
    const icon = resolve('/opt/proofwatch/resources/icon.png')
    expect(findWindowIcon(mainDir, (path) => path === icon)).toBe(icon)
    expect(findWindowIcon(mainDir, () => false)).toBeUndefined()
  })
})

describe('createMainWindow', () => {
  it('builds the window with the secure options and loads the built renderer', () => {
    const { window } = openWith()
    expect(window.options).toEqual(buildWindowOptions({ preloadPath: preloadPath(mainDir) }))
    expect(window.loaded).toEqual({ url: 'app://proofwatch/index.html' })
  })

  it('loads the dev server in dev mode and allows it in the CSP header', () => {
    const { window } = openWith('http://localhost:5173/')
    expect(window.loaded).toEqual({ url: 'http://localhost:5173/' })
    let headers: unknown
    window.webContents.session.headersReceivedListener!({ responseHeaders: {} }, (r: unknown) => (headers = r))
    expect(JSON.stringify(headers)).toContain('ws://localhost:5173')
  })

  it('shows the window only once it is ready to show', () => {
    const { window } = openWith()
    expect(window.calls).toEqual([])
    window.emit('ready-to-show')
    expect(window.calls).toEqual(['show'])
  })

  it('stays hidden when asked (start in the tray), and opens maximised when it was', () => {
    const window = createMainWindow({
      BrowserWindow: FakeBrowserWindow as unknown as MainWindowDeps['BrowserWindow'],
      location: resolveRendererLocation(mainDir),
      preloadPath: preloadPath(mainDir),
      log: silentLogger,
      showWhenReady: false,
      maximized: true,
    }) as unknown as FakeBrowserWindow
    window.emit('ready-to-show')
    expect(window.calls).toEqual(['maximize'])
  })

  it('hardens the session and guards the contents', () => {
    const { window } = openWith()
    const { session } = window.webContents
    let granted: boolean | undefined
    session.permissionRequestHandler!(null, 'geolocation', (ok: boolean) => (granted = ok), { requestingUrl: '' })
    expect(granted).toBe(false)
    expect(session.headersReceivedListener).not.toBeNull()
    const away = fakeEvent({ url: 'https://example.com/' })
    const home = fakeEvent({ url: 'app://proofwatch/index.html#/proofs' })
    // The renderer's own folder over file:// is no longer the app.
    const file = fakeEvent({ url: pathToFileURL(join(mainDir, '..', 'renderer', 'index.html')).href })
    window.webContents.emit('will-navigate', away)
    window.webContents.emit('will-navigate', home)
    window.webContents.emit('will-navigate', file)
    expect([away.defaultPrevented, home.defaultPrevented, file.defaultPrevented]).toEqual([true, false, true])
    expect(window.webContents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
  })
})
