import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'
import type { Logger } from '../core/log/log'
import type { RendererLocation } from './renderer-location'
import { buildContentSecurityPolicy, guardWebContents, hardenSession } from './security'

/** The built preload, next to `out/main`: one sandboxed CommonJS file. */
export function preloadPath(mainDir: string): string {
  return resolve(mainDir, '..', 'preload', 'index.cjs')
}

/** `resources/` next to `out/`: in the checkout, and inside the packaged app (electron-builder.yml puts it there). */
export function resourcesDir(mainDir: string): string {
  return resolve(mainDir, '..', '..', 'resources')
}

/** The window icon from `resources/`, when there is one. */
export function findWindowIcon(mainDir: string, exists: (path: string) => boolean = existsSync): string | undefined {
  const icon = resolve(resourcesDir(mainDir), 'icon.png')
  return exists(icon) ? icon : undefined
}

/** The first start's size, and the smallest the window may be. */
export const WINDOW_SIZE = { width: 1280, height: 800, minWidth: 800, minHeight: 600 } as const

export interface WindowOptionsInput {
  preloadPath: string
  iconPath?: string | undefined
  /** Remembered size and position (see window-state.ts); a position only when it is on a display. */
  bounds?: { x?: number; y?: number; width: number; height: number } | undefined
}

export function buildWindowOptions(options: WindowOptionsInput): BrowserWindowConstructorOptions {
  const bounds = options.bounds ?? { width: WINDOW_SIZE.width, height: WINDOW_SIZE.height }
  return {
    title: 'ProofWatch',
    ...bounds,
    minWidth: WINDOW_SIZE.minWidth,
    minHeight: WINDOW_SIZE.minHeight,
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

export interface MainWindowDeps extends WindowOptionsInput {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  location: RendererLocation
  log: Logger
  /** False to stay hidden (start hidden in the tray). */
  showWhenReady?: boolean
  maximized?: boolean
}

/** Creates the one app window: secure options, guards, CSP, then loads the renderer. */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const { location, log } = deps
  const window = new deps.BrowserWindow(buildWindowOptions(deps))
  const contents = window.webContents
  hardenSession(contents.session, location, buildContentSecurityPolicy(location))
  guardWebContents(contents, { location, log })
  if (deps.maximized) window.maximize()
  if (deps.showWhenReady !== false) window.once('ready-to-show', () => window.show())
  contents.on('render-process-gone', (_event, details) => log.error('The window crashed', { reason: details.reason }))
  const loading = window.loadURL(location.url)
  loading.catch((error: unknown) => log.error('Could not load the window', error))
  return window
}
