/**
 * The app's own pages are served from `app://proofwatch/`, a privileged
 * custom scheme, instead of file:// (Electron's security guide): a page of
 * the app can reach the built renderer folder and nothing else on disk, and
 * file:// keeps no extra privileges (the fuse is off in the build). Which
 * file a URL names, and its type, is decided by renderer-files.ts.
 */
import { readFile } from 'node:fs/promises'
import type { Protocol } from 'electron'
import { findRendererFile } from '../core/renderer-files/renderer-files'

export const APP_SCHEME = 'app'
export const APP_HOST = 'proofwatch'
/** What Chromium reports as the app pages' origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`
/** The app's one page. Other pages built beside it (the loopback sign-in page) are not served here. */
export const APP_PAGE_PATHS: ReadonlySet<string> = new Set(['/', '/index.html'])

/**
 * Before the app is ready. Standard: URLs resolve like http (relative
 * module imports, an origin for 'self' in the CSP); secure: a secure
 * context, like file:// was; fetch for the page's own files. Not
 * corsEnabled: the page's scripts are same-origin, and without it no other
 * origin can read app:// responses.
 */
export function registerAppSchemePrivileges(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
}

/** Once the app is ready: answers app:// requests from `root` (the built renderer folder), every response with `csp`. */
export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, root: string, csp: string): void {
  protocol.handle(APP_SCHEME, (request) => appSchemeResponse(root, request, csp))
}

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export async function appSchemeResponse(root: string, request: Pick<Request, 'url' | 'method'>, csp: string): Promise<Response> {
  const url = new URL(request.url)
  if (url.host.toLowerCase() !== APP_HOST) return plain(404, 'Not found')
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed')
  const file = await findRendererFile(root, url.pathname)
  if (!file.found) return plain(file.status, file.reason)
  if (file.contentType.startsWith('text/html') && !APP_PAGE_PATHS.has(url.pathname)) return plain(404, 'Not a page of the app')
  let body: Buffer
  try {
    body = await readFile(file.path)
  } catch {
    return plain(404, 'No such file')
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    },
  })
}
