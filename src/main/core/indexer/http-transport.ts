/**
 * How requestJson's requests go out: node:http and node:https with one
 * keep-alive agent each, rather than the global fetch. fetch is undici, which
 * Node loads at the first request: 25–50 ms of the main thread compiling it,
 * about 20 MB of the process's memory from then on, and about twice the CPU a
 * request (docs/benchmarks.md, 2026-11-28). requestJson needs a status,
 * headers and the body's bytes, which node:http gives as well. A fetch (the
 * tests' stand-ins) can still be used through fetchTransport.
 */
import type { Agent, IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import { nodeHttp, nodeHttps, nodeZlib } from '../../runtime/builtins-on-first-use'
import { decodeFailure } from './decode-values'

/** What is read of an answer's headers: fetch's Headers has it too. */
export interface AnswerHeaders {
  get(name: string): string | null
  getSetCookie(): string[]
}

export interface TransportRequest {
  method: string
  headers: Record<string, string>
  body?: string
  /** Aborting it ends the request, or the body under way, with its reason. */
  signal: AbortSignal
}

export interface TransportAnswer {
  status: number
  headers: AnswerHeaders
  /** The body's bytes (decompressed), as they come; read once. */
  body: AsyncIterable<Uint8Array>
  /** Lets the rest of the body go unread (a redirect's). */
  discard(): void
}

/** Redirects are never followed here: requestJson decides which it follows. */
export type Transport = (url: string, request: TransportRequest) => Promise<TransportAnswer>

/**
 * A failure to exchange the request at all (refused, reset, a name that
 * does not resolve, a bad certificate): `cause` is Node's error, with its
 * code, as fetch gives it.
 */
export class ConnectionFailed extends Error {
  constructor(cause: unknown) {
    super('The request could not be exchanged', { cause })
    this.name = 'ConnectionFailed'
  }
}

/** One per protocol, made at its first request; free sockets are let go of once idle (and never keep the process up). */
const agents: { http?: Agent; https?: Agent } = {}

function agentFor(protocol: string): Agent | null {
  if (protocol === 'http:') return (agents.http ??= new (nodeHttp().Agent)({ keepAlive: true }))
  if (protocol === 'https:') return (agents.https ??= new (nodeHttps().Agent)({ keepAlive: true }))
  return null
}

function decoderFor(encoding: string | undefined): NodeJS.ReadWriteStream | null {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return nodeZlib().createGunzip()
    case 'deflate':
      return nodeZlib().createInflate()
    case 'br':
      return nodeZlib().createBrotliDecompress()
    default:
      return null
  }
}

class IncomingHeaders implements AnswerHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()]
    if (value === undefined) return null
    return Array.isArray(value) ? value.join(', ') : value
  }

  getSetCookie(): string[] {
    return this.raw['set-cookie'] ?? []
  }
}

export const nodeTransport: Transport = (url, request) => {
  const target = new URL(url)
  const agent = agentFor(target.protocol)
  if (agent === null) return Promise.reject(new TypeError(`Only http and https addresses can be asked; got ${target.protocol}`))
  return exchange(target, agent, request, true)
}

function exchange(target: URL, agent: Agent, request: TransportRequest, mayRetryReused: boolean): Promise<TransportAnswer> {
  const { signal } = request
  if (signal.aborted) return Promise.reject(signal.reason)
  const send = target.protocol === 'https:' ? nodeHttps().request : nodeHttp().request
  return new Promise<TransportAnswer>((resolve, reject) => {
    let body: Readable | null = null
    const onAbort = (): void => {
      // Ended with the signal's reason, so that a timeout reads as one, before the answer or within its body.
      outgoing.destroy(signal.reason)
      body?.destroy(signal.reason)
      reject(signal.reason)
    }
    const outgoing = send(target, {
      method: request.method,
      agent,
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
        ...request.headers,
      },
    })
    signal.addEventListener('abort', onAbort, { once: true })
    const done = (): void => signal.removeEventListener('abort', onAbort)
    outgoing.on('error', (error) => {
      if (signal.aborted) return
      done()
      // A kept-alive connection the server closed as it was reused: asked once again on a new one, as fetch does for a GET.
      if (mayRetryReused && outgoing.reusedSocket && body === null && request.method === 'GET') {
        exchange(target, agent, request, false).then(resolve, reject)
        return
      }
      reject(new ConnectionFailed(error))
    })
    outgoing.on('response', (incoming) => {
      const encoding = incoming.headers['content-encoding']?.trim().toLowerCase()
      const decoder = decoderFor(encoding)
      const stream: Readable = decoder === null ? incoming : (incoming.pipe(decoder) as unknown as Readable)
      let lost = false
      if (stream !== incoming) {
        incoming.on('error', (error) => {
          lost = true
          stream.destroy(error)
        })
      }
      body = stream
      const ended = (): void => {
        done()
        // Left before its end (refused at the size cap): the connection goes rather than back to the pool half read.
        if (!incoming.complete) incoming.destroy()
      }
      // An error of the decoder's own is the body's fault, not the connection's: not worth asking again.
      const undecodable = (error: unknown): Error | null =>
        stream === incoming || lost || isAbort(error) ? null : decodeFailure(`The indexer's ${encoding} body could not be decompressed: ${error instanceof Error ? error.message : String(error)}`, '')
      resolve({
        status: incoming.statusCode ?? 0,
        headers: new IncomingHeaders(incoming.headers),
        body: chunks(stream, ended, undecodable),
        discard: () => {
          done()
          stream.destroy()
          incoming.destroy()
        },
      })
    })
    outgoing.end(request.body)
  })
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

/** The body's chunks; a connection lost mid-body is a ConnectionFailed, a timeout the signal's reason. */
async function* chunks(stream: Readable, ended: () => void, undecodable: (error: unknown) => Error | null): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array
  } catch (error) {
    if (isAbort(error)) throw error
    throw undecodable(error) ?? new ConnectionFailed(error)
  } finally {
    ended()
  }
}

/** A fetch (a stand-in in tests) as a Transport. */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (url, { method, headers, body, signal }) => {
    const response = await fetchImpl(url, { method, headers, ...(body === undefined ? {} : { body }), redirect: 'manual', signal })
    return {
      status: response.status,
      headers: response.headers,
      body: streamChunks(response.body),
      discard: () => void response.body?.cancel().catch(() => undefined),
    }
  }
}

async function* streamChunks(stream: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (stream === null) return
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    // Stops a body left unread (refused at the cap); nothing to do for one read to its end.
    await reader.cancel().catch(() => undefined)
  }
}
