import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'
import type { Logger } from '../core/log'
import type { RendererLocation } from './renderer-location'
import { buildContentSecurityPolicy, guardWebContents, hardenSession } from './security'

/** The built preload, next to `out/main`: one sandboxed CommonJS file. */
export function preloadPath(mainDir: string): string {
  return resolve(mainDir, '..', 'preload', 'index.cjs')
}

/** The window icon from `resources/`, when the checkout has one. */
export function findWindowIcon(mainDir: string, exists: (path: string) => boolean = existsSync): string | undefined {
  const icon = resolve(mainDir, '..', '..', 'resources', 'icon.png')
  return exists(icon) ? icon : undefined
}

export function buildWindowOptions(options: { preloadPath: string; iconPath?: string | undefined }): BrowserWindowConstructorOptions {
  return {
    title: 'ProofWatch',
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    // Shown on ready-to-show, so the window never flashes empty.
    show: false,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  }
}

export interface MainWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  location: RendererLocation
  preloadPath: string
  iconPath?: string | undefined
  log: Logger
}

/** Creates the one app window: secure options, guards, CSP, then loads the renderer. */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const { location, log } = deps
  const window = new deps.BrowserWindow(buildWindowOptions(deps))
  const contents = window.webContents
  hardenSession(contents.session, location, buildContentSecurityPolicy(location))
  guardWebContents(contents, { location, log })
  window.once('ready-to-show', () => window.show())
  contents.on('render-process-gone', (_event, details) => log.error('The window crashed', { reason: details.reason }))
  const loading = location.kind === 'dev-server' ? window.loadURL(location.url) : window.loadFile(location.indexHtml)
  loading.catch((error: unknown) => log.error('Could not load the window', error))
  return window
}
