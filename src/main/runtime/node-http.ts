/**
 * node:http, read through require and only when first asked for. An ESM import
 * of node:http evaluates every lazy export of its facade, among them
 * WebSocket, which loads Node's whole fetch implementation (undici) before
 * anything asked for it; and loading node:http at all (net, the HTTP parser)
 * is wasted on a start that only reads the cache (figures: README.md here). Types may still be imported from 'node:http'.
 * node:https (TLS) and node:zlib are read the same way, when an indexer's
 * first https request or first compressed answer needs them.
 */
import { createRequire } from 'node:module'

const requireBuiltin = createRequire(import.meta.url)

/** A built-in module's getter that reads it on its first call. */
function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= requireBuiltin(name) as T)
}

export const nodeHttp = onFirstUse<typeof import('node:http')>('node:http')
export const nodeHttps = onFirstUse<typeof import('node:https')>('node:https')
export const nodeZlib = onFirstUse<typeof import('node:zlib')>('node:zlib')
