/**
 * The demo indexer's `/api/users/me/watched` routes for the signed-in user,
 * with the reference deployment's bodies (docs/wire.md, Accounts): the list,
 * an add (label ≤ 40 characters; the same address again is 409 CONFLICT
 * "Address already watched") and a delete by id. A session cookie, the
 * demo's own session token or its Bearer form authenticate; nothing else does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { AuthFailure, type DemoAccounts } from './accounts'
import { readJson } from './auth-api'
import { requestUser, safeDecode } from './request-user'
import type { RateLimiter } from './rate-limit'
import { WatchedAddressError, type WatchedAddresses, type WatchedEntry } from './watched-addresses'

const JSON_TYPE = 'application/json; charset=utf-8'
const PREFIX = '/api/users/me/watched'

export interface WatchedApiContext {
  accounts: DemoAccounts
  cookieName: string
  /** The demo's static token, also accepted as `Authorization: Bearer <token>`. */
  credential: string
  watched: WatchedAddresses
  rateLimiter: RateLimiter
}

export function isWatchedRoute(pathname: string): boolean {
  return pathname === PREFIX || pathname === `${PREFIX}/` || pathname.startsWith(`${PREFIX}/`)
}

export function handleWatchedRequest(context: WatchedApiContext, request: IncomingMessage, response: ServerResponse): void {
  const method = request.method ?? 'GET'
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/$/, '')
  const limit = context.rateLimiter.take(request.socket.remoteAddress ?? 'unknown')
  const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    const text = JSON.stringify(body)
    response.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(text)), ...limit.headers, ...headers })
    response.end(text)
  }
  const id = pathname === PREFIX ? null : safeDecode(pathname.slice(PREFIX.length + 1))
  const route = id === null ? (method === 'GET' ? 'list' : method === 'POST' ? 'add' : null) : method === 'DELETE' && id !== '' && !id.includes('/') ? 'remove' : null
  if (route === null) {
    request.resume()
    send(404, { ok: false, code: 'NOT_FOUND', error: `Route ${method} ${request.url ?? '/'} not found` })
    return
  }
  if (limit.exceeded) {
    request.resume()
    send(429, { ok: false, code: 'RATE_LIMITED', error: `Rate limit exceeded, retry in ${limit.retryAfterSeconds} seconds` }, { 'retry-after': String(limit.retryAfterSeconds) })
    return
  }
  const user = requestUser(context, request)
  if (user instanceof AuthFailure) {
    request.resume()
    send(401, { ok: false, code: user.code, error: user.message })
    return
  }
  const fail = (error: unknown): void => {
    if (error instanceof WatchedAddressError) send(error.status, { ok: false, code: error.code, error: error.message })
    else send(500, { ok: false, code: 'INTERNAL', error: error instanceof Error ? error.message : String(error) })
  }
  if (route === 'list') {
    request.resume()
    send(200, { ok: true, watched: context.watched.list(user).map(wireWatched) })
    return
  }
  if (route === 'remove') {
    request.resume()
    try {
      context.watched.remove(user, id as string)
      send(200, { ok: true })
    } catch (error) {
      fail(error)
    }
    return
  }
  readJson(request, (body) => {
    if (body === null) {
      send(400, { ok: false, code: 'VALIDATION_FAILED', error: 'body must be a JSON object with pubkey' })
      return
    }
    try {
      send(200, { ok: true, watched: wireWatched(context.watched.add(user, body.pubkey, body.label)) })
    } catch (error) {
      fail(error)
    }
  })
}

export function wireWatched(entry: WatchedEntry): { id: string; pubkey: string; label: string | null; createdAt: string } {
  return { id: entry.id, pubkey: entry.pubkey, label: entry.label, createdAt: new Date(entry.createdAtMs).toISOString() }
}
