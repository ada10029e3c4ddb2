import type { Session, WebContents } from 'electron'
import type { Logger } from '../core/log/log'
import type { RendererLocation } from './renderer-location'
import { isAppRendererUrl } from './renderer-location'
import { contentSecurityPolicy, devServerSources } from '@shared/content-security-policy'

/** The CSP header for the app's pages, with what the dev server needs when it serves them. */
export function buildContentSecurityPolicy(location: RendererLocation): string {
  return contentSecurityPolicy(location.kind === 'dev-server' ? devServerSources(location.origin) : {})
}

/** Copying an address or signature is the one web permission the app uses. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

export type HardenableSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> & {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>
}

/** Denies web permissions (but clipboard writes from the app's pages) and sets the CSP header on every response. */
export function hardenSession(session: HardenableSession, location: RendererLocation, csp: string): void {
  const allowed = (permission: string, requestingUrl: string | undefined) =>
    ALLOWED_PERMISSIONS.has(permission) && requestingUrl !== undefined && isAppRendererUrl(location, requestingUrl)
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(allowed(permission, details.requestingUrl))
  })
  session.setPermissionCheckHandler((_contents, permission, _origin, details) => allowed(permission, details.requestingUrl))
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders: Record<string, string[]> = {}
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') responseHeaders[name] = value
    }
    responseHeaders['Content-Security-Policy'] = [csp]
    callback({ responseHeaders })
  })
}

export type GuardableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>

export interface GuardOptions {
  location: RendererLocation
  log: Logger
}

/**
 * Keeps a web contents on the app's own pages: navigation elsewhere is
 * stopped, new windows and <webview> are refused. Links to the outside world
 * will be opened by main from URLs it builds itself, never from a page's URL.
 */
export function guardWebContents(contents: GuardableContents, { location, log }: GuardOptions): void {
  const stayOnApp = (event: { url: string; preventDefault(): void }) => {
    if (isAppRendererUrl(location, event.url)) return
    event.preventDefault()
    log.warn('Blocked navigation away from the app', { url: event.url.slice(0, 200) })
  }
  contents.on('will-navigate', stayOnApp)
  contents.on('will-redirect', stayOnApp)
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log.warn('Blocked a <webview>')
  })
  contents.setWindowOpenHandler(({ url }) => {
    log.warn('Blocked a window', { url: url.slice(0, 200) })
    return { action: 'deny' }
  })
}
