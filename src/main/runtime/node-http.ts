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
let http: typeof import('node:http') | undefined
let https: typeof import('node:https') | undefined
let zlib: typeof import('node:zlib') | undefined

export function nodeHttp(): typeof import('node:http') {
  http ??= requireBuiltin('node:http') as typeof import('node:http')
  return http
}

export function nodeHttps(): typeof import('node:https') {
  https ??= requireBuiltin('node:https') as typeof import('node:https')
  return https
}

export function nodeZlib(): typeof import('node:zlib') {
  zlib ??= requireBuiltin('node:zlib') as typeof import('node:zlib')
  return zlib
}
