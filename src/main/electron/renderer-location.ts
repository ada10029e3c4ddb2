import { resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the renderer is loaded from: the dev server, or the built files. */
export type RendererLocation =
  | { kind: 'dev-server'; url: string; origin: string }
  | { kind: 'file'; indexHtml: string; directory: string }

/**
 * `devServerUrl` is electron-vite's ELECTRON_RENDERER_URL (dev only);
 * otherwise the built `out/renderer/index.html` next to `out/main`.
 */
export function resolveRendererLocation(mainDir: string, devServerUrl?: string): RendererLocation {
  if (devServerUrl) {
    const url = new URL(devServerUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`ELECTRON_RENDERER_URL must be http(s), got ${url.protocol}`)
    }
    return { kind: 'dev-server', url: url.toString(), origin: url.origin }
  }
  const directory = resolve(mainDir, '..', 'renderer')
  return { kind: 'file', indexHtml: resolve(directory, 'index.html'), directory }
}

/** Whether a URL is one of the app's own pages: navigation targets and IPC senders are checked with it. */
export function isAppRendererUrl(location: RendererLocation, url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (location.kind === 'dev-server') return parsed.origin === location.origin
  if (parsed.protocol !== 'file:' || parsed.host !== '') return false
  let path: string
  try {
    path = resolve(fileURLToPath(parsed))
  } catch {
    return false
  }
  return path === location.directory || path.startsWith(location.directory + sep)
}
