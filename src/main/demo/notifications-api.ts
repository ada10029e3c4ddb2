/**
 * The demo indexer's /api/notifications routes for the signed-in user, with
 * the reference deployment's bodies (docs/wire.md, Accounts): the list newest
 * first with `data.url` naming each subject, marking one read (an unknown id
 * still answers `{ ok: true }`) and marking all read. A sign-in session
 * cookie, the demo's own session token or its Bearer form authenticate.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DemoAccounts } from './accounts'
import type { NotificationInbox, InboxItem } from './notification-inbox'
import type { RateLimiter } from './rate-limit'
import { patchPreferences } from './notification-preferences'
import { requestUser, safeDecode } from './request-user'

const JSON_TYPE = 'application/json; charset=utf-8'

export interface NotificationsApiContext {
  accounts: DemoAccounts
  cookieName: string
  /** The demo's static token, also accepted as `Authorization: Bearer <token>`. */
  credential: string
  inbox: NotificationInbox
  rateLimiter: RateLimiter
}

export function isNotificationsRoute(pathname: string): boolean {
  return pathname === '/api/notifications' || pathname.startsWith('/api/notifications/')
}

export function handleNotificationsRequest(context: NotificationsApiContext, request: IncomingMessage, response: ServerResponse): void {
  const method = request.method ?? 'GET'
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const limit = context.rateLimiter.take(request.socket.remoteAddress ?? 'unknown')
  const send = (status: number, body: unknown): void => {
    const text = JSON.stringify(body)
    response.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(text)), ...limit.headers })
    response.end(text)
  }
  const parts = url.pathname.split('/').slice(3)
  if (parts.length === 1 && parts[0] === 'preferences' && (method === 'GET' || method === 'PATCH')) {
    handlePreferences(context, request, method, send)
    return
  }
  const route =
    method === 'GET' && parts.length === 0
      ? 'list'
      : method === 'POST' && parts.length === 1 && parts[0] === 'read-all'
        ? 'read-all'
        : method === 'POST' && parts.length === 2 && parts[1] === 'read' && parts[0] !== ''
          ? 'read-one'
          : null
  if (route === null) {
    send(404, { ok: false, code: 'NOT_FOUND', error: `Route ${method} ${request.url ?? '/'} not found` })
    return
  }
  // Bodies of the POSTs carry nothing; whatever was sent is read and ignored.
  request.resume()
  const viewer = viewerOf(context, request)
  if (viewer === null) {
    send(401, { ok: false, code: 'AUTH_UNAUTHORIZED', error: 'Not authenticated' })
    return
  }
  if (route === 'read-all') {
    context.inbox.markAllRead()
    send(200, { ok: true })
    return
  }
  if (route === 'read-one') {
    context.inbox.markRead(safeDecode(parts[0]!))
    send(200, { ok: true })
    return
  }
  const limitParam = url.searchParams.get('limit')
  const pageSize = limitParam === null ? 20 : Number(limitParam)
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
    send(400, { ok: false, code: 'VALIDATION_FAILED', error: 'limit must be an integer from 1 to 100' })
    return
  }
  const page = context.inbox.list(pageSize, url.searchParams.get('cursor') ?? undefined, viewer)
  const origin = `http://${request.headers.host ?? '127.0.0.1'}`
  send(200, { ok: true, items: page.items.map((item) => wireInboxItem(item, origin)), nextCursor: page.nextCursor, total: page.total })
}

function handlePreferences(context: NotificationsApiContext, request: IncomingMessage, method: 'GET' | 'PATCH', send: (status: number, body: unknown) => void): void {
  if (viewerOf(context, request) === null) {
    request.resume()
    send(401, { ok: false, code: 'AUTH_UNAUTHORIZED', error: 'Not authenticated' })
    return
  }
  if (method === 'GET') {
    request.resume()
    send(200, { ok: true, preferences: context.accounts.notificationPreferences })
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= 16 * 1024) chunks.push(chunk)
  })
  request.on('end', () => {
    let body: unknown
    try {
      body = size > 16 * 1024 ? null : JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      body = null
    }
    const next = patchPreferences(context.accounts.notificationPreferences, body)
    if (typeof next === 'string') {
      send(400, { ok: false, code: 'VALIDATION_FAILED', error: next })
      return
    }
    context.accounts.notificationPreferences = next
    send(200, { ok: true, preferences: next })
  })
}

function wireInboxItem(item: InboxItem, origin: string): Record<string, unknown> {
  const { record } = item
  const subject = record.subject
  return {
    id: record.id,
    type: record.type,
    title: record.title,
    body: record.body,
    data: subject ? { url: `${origin}/explorer/${subject.kind}/${subject.id}` } : null,
    read: item.read,
    createdAt: new Date(record.timeMs).toISOString(),
  }
}

function viewerOf(context: NotificationsApiContext, request: IncomingMessage): string | null {
  const user = requestUser(context, request)
  return typeof user === 'string' ? user : null
}
