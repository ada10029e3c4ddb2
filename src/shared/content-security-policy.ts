/**
 * The renderer's Content-Security-Policy, sent as a header by the Electron
 * session and by serve mode. index.html repeats it as a meta tag, minus
 * frame-ancestors, which browsers ignore in a meta tag.
 */
export const RENDERER_CSP_DIRECTIVES: ReadonlyArray<readonly [string, ...string[]]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self'", 'data:'],
  ['connect-src', "'self'"],
  ['font-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
]

/** The policy as header text, with extra sources per directive (the dev server). */
export function contentSecurityPolicy(extra: Record<string, readonly string[]> = {}): string {
  return RENDERER_CSP_DIRECTIVES.map(([name, ...sources]) => [name, ...sources, ...(extra[name] ?? [])].join(' ')).join('; ')
}

/**
 * What the dev server (electron-vite dev) needs on top: its origin for
 * scripts, styles and images, inline <style> tags (Vite injects component
 * styles that way) and its WebSocket for hot reload. Never in a build.
 */
export function devServerSources(origin: string): Record<string, string[]> {
  const dev = new URL(origin)
  const socket = `${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`
  return {
    'script-src': [dev.origin],
    'style-src': [dev.origin, "'unsafe-inline'"],
    'img-src': [dev.origin],
    'connect-src': [dev.origin, socket],
  }
}

/** The policy as index.html's meta tag carries it: frame-ancestors only works as a header. */
export function metaContentSecurityPolicy(extra: Record<string, readonly string[]> = {}): string {
  return contentSecurityPolicy(extra).replace(/; frame-ancestors [^;]*/, '')
}
