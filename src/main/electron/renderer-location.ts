import { resolve } from 'node:path'
import { APP_HOST, APP_INDEX_URL, APP_ORIGIN, APP_PAGE_PATHS, APP_SCHEME } from './app-scheme'

/** Where the renderer is loaded from: the dev server, or the built files served on app://proofwatch/. */
export type RendererLocation =
  | { kind: 'dev-server'; url: string; origin: string }
  | { kind: 'app-scheme'; url: string; origin: string; directory: string }

/**
 * `devServerUrl` is electron-vite's ELECTRON_RENDERER_URL (dev only);
 * otherwise the built `out/renderer` next to `out/main`, served on the app scheme.
 */
export function resolveRendererLocation(mainDir: string, devServerUrl?: string): RendererLocation {
  if (devServerUrl) {
    const url = new URL(devServerUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`ELECTRON_RENDERER_URL must be http(s), got ${url.protocol}`)
    }
    return { kind: 'dev-server', url: url.toString(), origin: url.origin }
  }
  return { kind: 'app-scheme', url: APP_INDEX_URL, origin: APP_ORIGIN, directory: resolve(mainDir, '..', 'renderer') }
}

/** Whether a URL is one of the app's own pages: navigation targets, permission requests and IPC senders are checked with it. */
export function isAppRendererUrl(location: RendererLocation, url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (location.kind === 'dev-server') return parsed.origin === location.origin
  // Node's URL gives a non-special scheme no origin: its parts are compared instead. The one
  // page is index.html (routes live in the hash); the sign-in page beside it is never the app.
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host.toLowerCase() === APP_HOST &&
    parsed.username === '' &&
    parsed.password === '' &&
    APP_PAGE_PATHS.has(parsed.pathname)
  )
}
