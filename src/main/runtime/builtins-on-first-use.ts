/**
 * Node's built-ins that the first screen does not need, read through require
 * and only when first asked for. Loading them is a good share of a cold start
 * that only reads the cache (figures: README.md here): node:crypto about
 * 10 ms, node:http 8–12 ms, node:worker_threads with the streams it loads
 * about 7 ms, node:v8 with node:perf_hooks and node:vm about 10 ms. Types may
 * still be imported from them; a lint rule keeps value imports out of the core.
 *
 * node:http is never imported as ESM at all: that evaluates every lazy export
 * of its facade, among them WebSocket, which loads Node's whole fetch
 * implementation (undici) before anything asked for it. node:https (TLS) and
 * node:zlib are read when an indexer's first https request or first
 * compressed answer needs them.
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
export const nodeCrypto = onFirstUse<typeof import('node:crypto')>('node:crypto')
export const nodeWorkerThreads = onFirstUse<typeof import('node:worker_threads')>('node:worker_threads')
export const nodeFsPromises = onFirstUse<typeof import('node:fs/promises')>('node:fs/promises')
/** The V8 memory mode's, started a second after the process (v8-memory-mode.ts): node:v8 loads streams for its heap snapshots. */
export const nodeV8 = onFirstUse<typeof import('node:v8')>('node:v8')
export const nodePerfHooks = onFirstUse<typeof import('node:perf_hooks')>('node:perf_hooks')
export const nodeVm = onFirstUse<typeof import('node:vm')>('node:vm')
