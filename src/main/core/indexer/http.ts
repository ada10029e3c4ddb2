/**
 * JSON over HTTP (GET, and POST for sign-in) with a timeout on every attempt, retries with capped
 * exponential backoff and full jitter, a body size cap, conditional requests
 * where the server gives validators, and every failure as a ProofWatchError.
 */
import { ProofWatchError } from '@shared/errors'
import { backoffDelay } from '../retry/backoff'
import type { ConditionalCache } from './conditional-cache'
import { decodeErrorBody } from './decode-errors'
import { decodeFailure } from './decode-values'
import { parseJsonText } from './json-text'
import { cutLongLists } from './long-lists'
import { ConnectionFailed, fetchTransport, nodeTransport, type AnswerHeaders, type TransportAnswer } from './http-transport'

export const DEFAULT_TIMEOUT_MS = 8_000
/** The whole request, every attempt and every wait between them: what a user waits at most for an answer. */
export const DEFAULT_DEADLINE_MS = 15_000
export const DEFAULT_RETRIES = 3
/** Same-origin redirects followed in a row before giving up. */
const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024
const DEFAULT_BASE_DELAY_MS = 500
const DEFAULT_MAX_DELAY_MS = 30_000
/** x-ratelimit-reset values above this are epoch seconds rather than seconds to wait. */
const EPOCH_SECONDS_THRESHOLD = 1e9

export interface RequestOptions {
  /** Instead of node:http (http-transport.ts): a fetch, for tests. */
  fetch?: typeof fetch
  /** Default GET. A POST is never answered from the conditional cache. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Sent as JSON (POST only). */
  body?: unknown
  /** The whole request: no attempt starts or waits past it. Default DEFAULT_DEADLINE_MS. */
  deadlineMs?: number
  /** Per attempt, including reading the body. */
  timeoutMs?: number
  /** Attempts after the first one. */
  retries?: number
  sleep?: (ms: number) => Promise<void>
  /** In [0, 1): the jitter source. */
  random?: () => number
  now?: () => number
  /** Extra request headers, asked for on every attempt (credentials may change). */
  headers?: () => Record<string, string>
  maxBodyBytes?: number
  baseDelayMs?: number
  /** No single wait is longer; a server asking for longer gets its error reported instead. */
  maxDelayMs?: number
  /** Bodies kept with their ETag / Last-Modified, so a repeated GET can be answered 304. */
  conditional?: ConditionalCache
  /**
   * A list endpoint's page size: a large body has its lists cut to this many
   * items before it is parsed (long-lists.ts); `onListCut` hears how many came.
   */
  listLimit?: number
  onListCut?: (answered: number) => void
}

export interface JsonResponse {
  status: number
  headers: AnswerHeaders
  /** Parsed JSON; null for an empty body. On a 304, the body held from the last 200. */
  body: unknown
  /** The server answered 304 Not Modified: `body` is the held one. */
  notModified: boolean
}

interface ReceivedResponse {
  status: number
  headers: AnswerHeaders
  text: string
}

/** Bodies longer than this are scanned for lists past `listLimit` before JSON.parse sees them. */
const CUT_LISTS_FROM_CHARS = 1024 * 1024
/** Bytes decoded to text between turns of the event loop. */
const DECODE_SLICE_BYTES = 256 * 1024

/** How much of a refused body its message quotes. */
const RECEIVED_OPENING_BYTES = 1024

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function tooLarge(maxBytes: number, received: string): ProofWatchError {
  return decodeFailure(`The response body is too large (more than ${maxBytes} bytes)`, received)
}

/**
 * The body as text, refused once it passes `maxBytes`. The bytes are kept as
 * they came (outside V8's heap) and decoded once at the end, so that a body
 * refused at the cap leaves no string of its size behind; only its opening
 * is kept for the message.
 */
async function readText(response: TransportAnswer, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.discard()
    throw tooLarge(maxBytes, '')
  }
  const chunks: Uint8Array[] = []
  let size = 0
  // Leaving the loop early (at the cap) stops the body.
  for await (const value of response.body) {
    size += value.byteLength
    if (size > maxBytes) {
      const opening = new TextDecoder().decode((chunks[0] ?? value).subarray(0, RECEIVED_OPENING_BYTES))
      chunks.length = 0
      throw tooLarge(maxBytes, opening)
    }
    chunks.push(value)
  }
  if (size <= DECODE_SLICE_BYTES) return new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size))
  // Joining and decoding 17 MB at once holds the event loop for a tenth of a second: a few chunks at a time instead.
  const decoder = new TextDecoder()
  const parts: string[] = []
  let sinceTurn = 0
  for (const chunk of chunks) {
    parts.push(decoder.decode(chunk, { stream: true }))
    sinceTurn += chunk.byteLength
    if (sinceTurn >= DECODE_SLICE_BYTES) {
      sinceTurn = 0
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }
  chunks.length = 0
  parts.push(decoder.decode())
  return parts.join('')
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
}

/**
 * How the message of an answer whose headers passed Node's limit begins:
 * it did arrive, so "Cannot reach" would be false (auth-errors.ts names the cookie).
 */
export const HEADERS_TOO_LARGE = 'The indexer answered with headers larger than 16 KB'

/** A failure to get a response at all, as UNREACHABLE or TIMEOUT (both worth retrying). */
function transportFailure(error: unknown, url: string, timeoutMs: number): ProofWatchError {
  if (error instanceof ProofWatchError) return error
  const origin = new URL(url).origin
  const name = error instanceof Error ? error.name : ''
  const cause = error instanceof Error ? error.cause : undefined
  const code = errorCode(cause) ?? errorCode(error)
  if (code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW') {
    return new ProofWatchError({ code: 'DECODE', message: `${HEADERS_TOO_LARGE} (${origin}): not read, and not asked again`, retryable: false }, { cause: error })
  }
  if (name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new ProofWatchError(
      { code: 'TIMEOUT', message: `${origin} did not answer within ${timeoutMs} ms`, retryable: true },
      { cause: error },
    )
  }
  // fetch's failures are TypeErrors with Node's error as their cause; node:http's come as ConnectionFailed.
  if (error instanceof ConnectionFailed || (error instanceof TypeError && cause !== undefined)) {
    const reason =
      (code !== undefined ? NETWORK_REASONS[code] : undefined) ??
      (cause instanceof Error ? cause.message : String(cause))
    return new ProofWatchError(
      { code: 'UNREACHABLE', message: `Cannot reach ${origin}: ${reason}${code ? ` (${code})` : ''}`, retryable: true },
      { cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ProofWatchError({ code: 'INTERNAL', message: `Request to ${origin} failed: ${message}` }, { cause: error })
}

/** A wait as people read it: tenths of a second below ten seconds, whole seconds above. */
function formatWait(ms: number): string {
  const seconds = ms / 1000
  return seconds < 10 ? `${Math.max(0.1, Math.round(seconds * 10) / 10)} s` : `${Math.round(seconds)} s`
}

/** A timeout as the user lived it: the whole wait, over every attempt, not one attempt's limit. */
function timeoutAfter(failure: ProofWatchError, url: string, waitedMs: number, attempts: number): ProofWatchError {
  if (failure.code !== 'TIMEOUT') return failure
  const tries = attempts > 1 ? ` (${attempts} attempts)` : ''
  return new ProofWatchError({ ...failure.toInfo(), message: `${new URL(url).origin} did not answer within ${formatWait(waitedMs)}${tries}` }, { cause: failure })
}

/** Where a redirect from `from` leads, if it stays on the indexer's origin; throws when it leaves it. */
function sameOriginRedirect(from: string, status: number, location: string | null, origin: string): string {
  let target: URL
  try {
    target = new URL(location ?? '', from)
  } catch {
    target = new URL('about:blank')
  }
  if (location === null || target.origin !== origin) {
    throw new ProofWatchError({
      code: 'HTTP',
      status,
      message: `${origin} redirected ${location === null ? 'without saying where' : `to another origin (${target.origin === 'null' ? location.slice(0, 100) : target.origin})`}: not followed, so neither the credential nor the cache go with it`,
      retryable: false,
    })
  }
  return target.href
}

/** What the server asked us to wait, in ms; null when it sent nothing usable. */
function serverRequestedDelay(response: ReceivedResponse, now: number): number | null {
  const retryAfter = response.headers.get('retry-after')?.trim()
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000
    const date = Date.parse(retryAfter)
    if (!Number.isNaN(date)) return Math.max(0, date - now)
  }
  const reset = response.headers.get('x-ratelimit-reset')?.trim()
  if (response.status === 429 && reset && /^\d+$/.test(reset)) {
    const value = Number(reset)
    return value > EPOCH_SECONDS_THRESHOLD ? Math.max(0, value * 1000 - now) : value * 1000
  }
  return null
}

export async function requestJson(url: string, options: RequestOptions = {}): Promise<JsonResponse> {
  const transport = options.fetch === undefined ? nodeTransport : fetchTransport(options.fetch)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES)
  const sleep = options.sleep ?? defaultSleep
  const random = options.random ?? Math.random
  const now = options.now ?? Date.now
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS
  const backoff = (attempt: number): number => backoffDelay(attempt, baseDelayMs, maxDelayMs, random)
  const method = options.method ?? 'GET'
  const conditional = method === 'GET' ? options.conditional : undefined
  const payload = method === 'POST' || method === 'PATCH' ? JSON.stringify(options.body ?? {}) : undefined
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS
  const started = now()
  const origin = new URL(url).origin
  /** Time spent, the waits between attempts included (they may be simulated). */
  let slept = 0
  const spent = () => Math.max(now() - started, slept)
  /** Waits `delay` before another attempt; false when that would pass the deadline. */
  const waitForRetry = async (delay: number): Promise<boolean> => {
    if (spent() + delay >= deadlineMs) return false
    slept += delay
    await sleep(delay)
    return true
  }

  for (let attempt = 0; ; attempt++) {
    let response: ReceivedResponse
    // Asked again on every attempt: credentials may change between them.
    const extraHeaders = options.headers?.() ?? {}
    const cacheKey = conditional?.keyFor(url, extraHeaders)
    const held = cacheKey === undefined ? undefined : conditional?.get(cacheKey)
    try {
      const signal = AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, deadlineMs - spent())))
      let target = url
      let hopMethod = method
      let hopPayload = payload
      let received: TransportAnswer
      for (let hop = 0; ; hop++) {
        // Redirects are followed here: one that leaves the indexer's origin must take neither the credential nor the cache.
        received = await transport(target, {
          method: hopMethod,
          headers: {
            accept: 'application/json',
            ...(hopPayload === undefined ? {} : { 'content-type': 'application/json' }),
            ...extraHeaders,
            ...held?.validators,
          },
          ...(hopPayload === undefined ? {} : { body: hopPayload }),
          signal,
        })
        if (!REDIRECT_STATUSES.has(received.status)) break
        received.discard()
        target = sameOriginRedirect(target, received.status, received.headers.get('location'), origin)
        if (hop >= MAX_REDIRECTS) {
          throw new ProofWatchError({ code: 'HTTP', status: received.status, message: `${origin} redirected more than ${MAX_REDIRECTS} times in a row`, retryable: false })
        }
        if (received.status !== 307 && received.status !== 308) {
          hopMethod = 'GET'
          hopPayload = undefined
        }
      }
      response = { status: received.status, headers: received.headers, text: await readText(received, maxBodyBytes) }
    } catch (error) {
      const failure = transportFailure(error, url, timeoutMs)
      if (!failure.retryable || attempt >= retries || !(await waitForRetry(backoff(attempt)))) {
        throw timeoutAfter(failure, url, spent(), attempt + 1)
      }
      continue
    }

    if (response.status === 304) {
      if (held === undefined || cacheKey === undefined || conditional === undefined) {
        throw new ProofWatchError({
          code: 'HTTP',
          status: 304,
          message: 'The indexer answered 304 Not Modified to a request that held nothing to compare with',
        })
      }
      conditional.noteNotModified(cacheKey)
      return { status: 304, headers: response.headers, body: held.body, notModified: true }
    }
    if (response.status >= 200 && response.status < 300) {
      if (options.listLimit !== undefined && response.text.length > CUT_LISTS_FROM_CHARS) {
        const cut = await cutLongLists(response.text, options.listLimit)
        if (cut.longest > options.listLimit) options.onListCut?.(cut.longest)
        response = { ...response, text: cut.text }
      }
      const body = response.text.trim() === '' ? null : parseJsonText(response.text, 'the response body')
      if (cacheKey !== undefined) conditional?.store(cacheKey, response.headers, body, response.text.length)
      return { status: response.status, headers: response.headers, body, notModified: false }
    }
    const info = decodeErrorBody(response.status, response.text, response.headers.get('content-type'))
    const requested = serverRequestedDelay(response, now())
    if (requested !== null) info.retryAfterMs = requested
    if (!info.retryable || attempt >= retries) throw new ProofWatchError(info)
    if (requested !== null && requested > maxDelayMs) {
      const seconds = Math.ceil(requested / 1000)
      throw new ProofWatchError({ ...info, message: `${info.message} (the indexer asks to wait ${seconds} s)` })
    }
    if (!(await waitForRetry(requested ?? backoff(attempt)))) throw new ProofWatchError(info)
  }
}
