/**
 * node:http, read through require and only when first asked for. An ESM import
 * of node:http evaluates every lazy export of its facade, among them
 * WebSocket, which loads Node's whole fetch implementation (undici) before
 * anything asked for it; and loading node:http at all (net, the HTTP parser)
 * is wasted on a start that only reads the cache (figures: README.md here). Types may still be imported from 'node:http'.
 */
import { createRequire } from 'node:module'

let loaded: typeof import('node:http') | undefined

export function nodeHttp(): typeof import('node:http') {
  loaded ??= createRequire(import.meta.url)('node:http') as typeof import('node:http')
  return loaded
}
