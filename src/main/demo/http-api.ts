/**
 * The HTTP side of the demo indexer: the seven GET endpoints plus
 * /api/proofs/by-circuit/:circuitId and /api/circuits, answering with the reference
 * deployment's envelopes, status codes, messages and headers. Successful
 * answers also carry an ETag and honour If-None-Match with a 304, so clients
 * can poll with conditional requests.
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PROOF_STATES, PROOF_TYPES, SERIES_PERIODS, TX_STATUSES } from '@shared/domain'
import { DEMO_BUSY_ADDRESSES, DEMO_CIRCUITS, DEMO_WALLET, circuitById } from './catalog'
import { SERIES_METRICS, type DemoNetwork } from './network'
import type { PageOf } from './paging'
import type { RateLimiter } from './rate-limit'
import {
  ValidationError,
  boundedInteger,
  enumWithDefault,
  optionalDate,
  optionalEnum,
  optionalText,
  positiveInteger,
  stringLength,
} from './query-validation'
import { wireCircuit, wireProof, wireStats, wireTransaction, wireTransactionDetail, type WireOverview } from './wire-format'

const JSON_TYPE = 'application/json; charset=utf-8'

/** Ways to make the next responses misbehave, for robustness tests of a client. */
export type HttpFault = 'internal' | 'malformed' | 'rate-limited' | 'stall'

export interface HttpApiContext {
  network: DemoNetwork
  rateLimiter: RateLimiter
  /** Overview status; the reference deployment says `online` or `degraded`. */
  status(): WireOverview['status']
  /** False: the overview leaves out epoch, as the reference deployment does. Default true. */
  sendEpoch?: boolean
  /** False: no /api/circuits and no /api/proofs/by-circuit (an indexer with only the seed's endpoints). Default true. */
  circuitRoutes?: boolean
  /** True: /api/proofs takes `state=verified|revoked`, which the reference deployment does not. Default false. */
  proofStateFilter?: boolean
  /** Takes the fault to apply to the current request, if any is queued. */
  takeFault(): HttpFault | undefined
}

type Query = URLSearchParams
type Reply = { status: number; body: unknown }

class NotFound extends Error {}

export function handleHttpRequest(context: HttpApiContext, request: IncomingMessage, response: ServerResponse): void {
  const method = request.method ?? 'GET'
  const rawUrl = request.url ?? '/'
  const ifNoneMatch = request.headers['if-none-match']
  const send = (status: number, body: unknown, headers: Record<string, string> = {}): void =>
    sendJson(response, method, status, body, headers, ifNoneMatch)
  const url = URL.parse(rawUrl, 'http://127.0.0.1')
  if (url === null) {
    send(400, { ok: false, code: 'BAD_REQUEST', error: `'${rawUrl}' is not a valid url` })
    return
  }
  const route = method === 'GET' || method === 'HEAD' ? findRoute(url.pathname, context.circuitRoutes ?? true) : undefined

  if (route === undefined) {
    send(404, { ok: false, code: 'NOT_FOUND', error: `Route ${method} ${rawUrl} not found` })
    return
  }

  const limit = context.rateLimiter.take(request.socket.remoteAddress ?? 'unknown')
  const fault = context.takeFault()
  if (limit.exceeded || fault === 'rate-limited') {
    send(429, rateLimited(limit.retryAfterSeconds), { ...limit.headers, 'retry-after': String(limit.retryAfterSeconds) })
    return
  }
  if (fault === 'stall') return // Never answered; the socket closes with the server.
  if (fault === 'malformed') {
    response.writeHead(200, { 'content-type': JSON_TYPE, ...limit.headers })
    response.end('{"ok":true,"items":[{"proofAccount":')
    return
  }
  if (fault === 'internal') {
    send(500, internalError(new Error('connection to the database was lost')), limit.headers)
    return
  }

  try {
    const reply = route(context, url.searchParams)
    send(reply.status, reply.body, limit.headers)
  } catch (error) {
    if (error instanceof ValidationError) send(400, { ok: false, code: 'VALIDATION_FAILED', error: error.message }, limit.headers)
    else if (error instanceof NotFound) send(404, { ok: false, code: 'NOT_FOUND', error: error.message }, limit.headers)
    else send(500, internalError(error), limit.headers)
  }
}

type Route = (context: HttpApiContext, query: Query) => Reply

function findRoute(pathname: string, circuitRoutes: boolean): Route | undefined {
  const parts = pathname.split('/').slice(1)
  if (parts[0] !== 'api') return undefined
  const [, resource, second, third, ...rest] = parts
  if (rest.length > 0) return undefined
  if (resource === 'circuits' && circuitRoutes && third === undefined) {
    // `/api/circuits/` as the reference was seen answering, and without the slash.
    if (second === undefined || second === '') return listCircuits
    return (context) => oneCircuit(context, decodeParam(second))
  }
  if (resource === 'users' && second !== undefined && second !== '' && second !== 'me' && third === undefined) {
    return (context) => publicProfile(context, decodeParam(second))
  }
  if (resource === 'proofs' && second === 'by-circuit' && !circuitRoutes) return undefined
  if (resource === 'stats' && third === undefined) {
    if (second === 'overview') return overview
    if (second === 'timeseries') return timeseries
    if (second === 'leaderboard') return leaderboard
    return undefined
  }
  if (resource === 'proofs') {
    if (second === undefined) return listProofs
    if (second === 'by-circuit' && third !== undefined) return (context, query) => listProofs(context, query, decodeParam(third))
    if (third === undefined) return (context) => oneProof(context, decodeParam(second))
    return undefined
  }
  if (resource === 'transactions') {
    if (second === undefined) return listTransactions
    if (third === undefined) return (context) => oneTransaction(context, decodeParam(second))
  }
  return undefined
}

function overview(context: HttpApiContext): Reply {
  const stats = context.network.overview()
  const body: WireOverview = { ...wireStats(stats, context.sendEpoch ?? true), status: context.status() }
  return ok({ stats: body })
}

function timeseries(context: HttpApiContext, query: Query): Reply {
  const metric = enumWithDefault('metric', query.get('metric'), SERIES_METRICS, 'proofs24h')
  const period = enumWithDefault('period', query.get('period'), SERIES_PERIODS, '7d')
  return ok({ metric, period, data: context.network.series(metric, period) })
}

function leaderboard(context: HttpApiContext, query: Query): Reply {
  // `period` is accepted and ignored: the window is always the last 24 hours.
  const limit = boundedInteger('limit', query.get('limit'), { min: 1, max: 100, fallback: 10 })
  return ok({ leaderboard: context.network.leaderboard(limit) })
}

function listCircuits(context: HttpApiContext): Reply {
  return ok({ circuits: DEMO_CIRCUITS.map((circuit) => wireCircuit(circuit, context.network.circuitStatus(circuit.id))) })
}

/** One circuit with its verifying key, which the list leaves out (docs/wire.md, Accounts). */
function oneCircuit(context: HttpApiContext, id: string): Reply {
  const circuit = circuitById(positiveInteger('id', id))
  if (circuit === undefined) throw new NotFound('Circuit not found')
  return ok({ circuit: wireCircuit(circuit, context.network.circuitStatus(circuit.id), true) })
}

/**
 * A public profile (GET /api/users/:pubkey; docs/wire.md, Accounts): the busy
 * addresses and the demo wallet have display names, other authorities none,
 * and an address that never made a proof is no user (404).
 */
function publicProfile(context: HttpApiContext, pubkey: string): Reply {
  stringLength('pubkey', pubkey, 32, 44)
  const network = context.network
  const index = network.authorities.indexOf(pubkey)
  if (index < 0) throw new NotFound('User not found')
  const named = pubkey === DEMO_WALLET || DEMO_BUSY_ADDRESSES.includes(pubkey)
  const proofCount = network.listProofs({ authority: pubkey, limit: 1 }).total
  return ok({
    profile: {
      pubkey,
      displayName: named ? `demo_${pubkey.slice(0, 4).toLowerCase()}` : null,
      joinedAt: new Date(network.genesis - 31 * 86_400_000 + index * 60_000).toISOString(),
      proofCount,
    },
  })
}

/** /api/proofs, or with `circuitId` /api/proofs/by-circuit/:circuitId, which takes no other filter. */
function listProofs(context: HttpApiContext, query: Query, circuitId?: string): Reply {
  const filter =
    circuitId === undefined
      ? {
          authority: optionalText(query.get('authority')),
          type: optionalEnum('type', query.get('type'), PROOF_TYPES),
          // Unknown parameters are ignored, as the reference deployment ignores them.
          ...(context.proofStateFilter ? { state: optionalEnum('state', query.get('state'), PROOF_STATES) } : {}),
        }
      : { circuitId: positiveInteger('circuitId', circuitId) }
  const page = context.network.listProofs({ ...filter, cursor: query.get('cursor') ?? undefined, limit: pageLimit(query) })
  return okPage(page, wireProof)
}

function oneProof(context: HttpApiContext, proofAccount: string): Reply {
  stringLength('proofAccount', proofAccount, 32, 44)
  const proof = context.network.getProof(proofAccount)
  if (proof === undefined) throw new NotFound('Proof not found')
  return ok({ proof: wireProof(proof) })
}

function listTransactions(context: HttpApiContext, query: Query): Reply {
  // `type` is accepted and ignored, as on the reference deployment.
  const page = context.network.listTransactions({
    pubkey: optionalText(query.get('pubkey')),
    status: optionalEnum('status', query.get('status'), TX_STATUSES),
    fromMs: optionalDate('fromDate', query.get('fromDate')),
    toMs: optionalDate('toDate', query.get('toDate')),
    cursor: query.get('cursor') ?? undefined,
    limit: pageLimit(query),
  })
  return okPage(page, wireTransaction)
}

function oneTransaction(context: HttpApiContext, signature: string): Reply {
  stringLength('signature', signature, 32, 120)
  const tx = context.network.getTransaction(signature)
  if (tx === undefined) throw new NotFound('Transaction not found')
  return ok({ transaction: wireTransactionDetail(tx) })
}

function pageLimit(query: Query): number {
  return boundedInteger('limit', query.get('limit'), { min: 1, max: 200, fallback: 50 })
}

function ok(fields: Record<string, unknown>): Reply {
  return { status: 200, body: { ok: true, ...fields } }
}

function okPage<T>(page: PageOf<T>, toWire: (item: T) => unknown): Reply {
  return ok({ items: page.items.map(toWire), nextCursor: page.nextCursor, total: page.total })
}

function rateLimited(retryAfterSeconds: number): unknown {
  return { ok: false, code: 'RATE_LIMITED', error: `Rate limit exceeded, retry in ${retryAfterSeconds} seconds` }
}

function internalError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error)
  const stack = error instanceof Error ? error.stack : undefined
  return { ok: false, code: 'INTERNAL', error: message, ...(stack === undefined ? {} : { stack }) }
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** A strong validator: the same body always gets the same tag. */
function entityTag(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`
}

/** If-None-Match holds `*` or a list of tags; weak ones compare by their opaque part. */
function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === tag
  })
}

function sendJson(
  response: ServerResponse,
  method: string,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  ifNoneMatch?: string,
): void {
  const text = JSON.stringify(body)
  if (status === 200) {
    const tag = entityTag(text)
    if (matchesTag(ifNoneMatch, tag)) {
      response.writeHead(304, { etag: tag, ...headers })
      response.end()
      return
    }
    headers = { ...headers, etag: tag }
  }
  response.writeHead(status, {
    'content-type': JSON_TYPE,
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  })
  response.end(method === 'HEAD' ? undefined : text)
}
