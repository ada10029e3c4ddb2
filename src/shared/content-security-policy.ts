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
