/**
 * The demo indexer's /api/auth routes, with the reference deployment's
 * bodies, status codes, error codes, cookie and per-route rate limits.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { AuthFailure, cookieValue, SESSION_MS, type DemoAccounts } from './accounts'
import type { RateLimiter } from './rate-limit'

const JSON_TYPE = 'application/json; charset=utf-8'
const MAX_BODY_BYTES = 16 * 1024

export interface AuthApiContext {
  accounts: DemoAccounts
  cookieName: string
  /** 10 a minute per client on the reference deployment. */
  nonceLimiter: RateLimiter
  /** 5 a minute per client on the reference deployment. */
  verifyLimiter: RateLimiter
}

export function isAuthRoute(pathname: string): boolean {
  return pathname.startsWith('/api/auth/')
}

export function handleAuthRequest(context: AuthApiContext, request: IncomingMessage, response: ServerResponse): void {
  const method = request.method ?? 'GET'
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
  const route = `${method} ${pathname}`
  const client = request.socket.remoteAddress ?? 'unknown'
  const token = cookieValue(request.headers.cookie, context.cookieName)
  const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    const text = JSON.stringify(body)
    response.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(text)), ...headers })
    response.end(text)
  }
  const fail = (error: unknown): void => {
    if (error instanceof AuthFailure) {
      const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) }
      send(error.status, { ok: false, code: error.code, error: error.message }, headers)
    } else {
      send(500, { ok: false, code: 'INTERNAL', error: error instanceof Error ? error.message : String(error) })
    }
  }
  /** Runs a route's work; whatever it throws is answered by `fail`. */
  const answer = (work: () => void): void => {
    try {
      work()
    } catch (error) {
      fail(error)
    }
  }
  const limited = (limiter: RateLimiter): Record<string, string> | null => {
    const verdict = limiter.take(client)
    if (!verdict.exceeded) return verdict.headers
    send(429, { ok: false, code: 'RATE_LIMITED', error: `Rate limit exceeded, retry in ${verdict.retryAfterSeconds} seconds` }, {
      ...verdict.headers,
      'retry-after': String(verdict.retryAfterSeconds),
    })
    return null
  }

  switch (route) {
    case 'POST /api/auth/nonce': {
      const headers = limited(context.nonceLimiter)
      if (headers === null) return
      readJson(request, (body) => answer(() => send(200, { ok: true, ...context.accounts.nonce(body?.pubkey) }, headers)))
      return
    }
    case 'POST /api/auth/verify': {
      const headers = limited(context.verifyLimiter)
      if (headers === null) return
      readJson(request, (body) =>
        answer(() => {
          const session = context.accounts.verify(body ?? {}, { ip: client, userAgent: String(request.headers['user-agent'] ?? 'unknown') })
          const cookie = `${context.cookieName}=${session.token}; Max-Age=${SESSION_MS / 1000}; Path=/; HttpOnly; SameSite=Lax`
          send(200, { ok: true, user: session.user, expiresAt: new Date(session.expiresAt).toISOString() }, { ...headers, 'set-cookie': cookie })
        }),
      )
      return
    }
    case 'GET /api/auth/me':
      answer(() => send(200, { ok: true, user: context.accounts.session(token).user }))
      return
    case 'POST /api/auth/refresh':
      answer(() => send(200, { ok: true, expiresAt: new Date(context.accounts.refresh(token).expiresAt).toISOString() }))
      return
    case 'POST /api/auth/logout':
      answer(() => {
        context.accounts.logout(token)
        send(200, { ok: true }, { 'set-cookie': `${context.cookieName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT` })
      })
      return
    case 'GET /api/auth/sessions':
      answer(() => send(200, { ok: true, sessions: context.accounts.listSessions(token) }))
      return
    case 'DELETE /api/auth/sessions':
      answer(() => send(200, { ok: true, count: context.accounts.endOtherSessions(token) }))
      return
    default:
      if (method === 'DELETE' && pathname.startsWith('/api/auth/sessions/')) {
        answer(() => {
          context.accounts.endSession(token, decodeURIComponent(pathname.slice('/api/auth/sessions/'.length)))
          send(200, { ok: true })
        })
        return
      }
      send(404, { ok: false, code: 'NOT_FOUND', error: `Route ${method} ${request.url ?? '/'} not found` })
  }
}

/** The JSON object of a request body; null for an empty, oversized or malformed one (the route then says what is missing). */
export function readJson(request: IncomingMessage, then: (body: Record<string, unknown> | null) => void): void {
  const chunks: Buffer[] = []
  let size = 0
  let done = false
  const finish = (body: Record<string, unknown> | null): void => {
    if (done) return
    done = true
    then(body)
  }
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      request.removeAllListeners('data')
      request.resume()
      finish(null)
      return
    }
    chunks.push(chunk)
  })
  request.on('end', () => {
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      finish(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null)
    } catch {
      finish(null)
    }
  })
  request.on('error', () => finish(null))
}
