/**
 * Helpers for the demo indexer's tests: the reference deployment's samples,
 * a structural comparison with them, and a WebSocket client that queues what
 * it receives.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'

export interface WireSample {
  request?: string
  status?: number
  headers?: Record<string, string>
  body?: unknown
  [key: string]: unknown
}

const SAMPLES_DIR = fileURLToPath(new URL('../fixtures/wire-samples/', import.meta.url))

export function loadSample(name: string): WireSample {
  return JSON.parse(readFileSync(join(SAMPLES_DIR, `${name}.json`), 'utf8')) as WireSample
}

/** A socket message as the tests read it. */
export interface Frame {
  type?: string
  channel?: string
  error?: string
  authenticated?: boolean
  data?: Record<string, unknown>
  unparsed?: string
}

export type Shape = string | Shape[] | { [key: string]: Shape }

/**
 * Key sets and value types, not values. Arrays are described by their first
 * element; `skip` names keys whose shape varies by record (e.g. publicInputs).
 */
export function shapeOf(value: unknown, skip: readonly string[] = []): Shape {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0], skip)]
  if (typeof value === 'object') {
    const shape: Record<string, Shape> = {}
    for (const key of Object.keys(value).sort()) {
      shape[key] = skip.includes(key) ? 'skipped' : shapeOf((value as Record<string, unknown>)[key], skip)
    }
    return shape
  }
  return typeof value
}

export interface HttpResult {
  status: number
  headers: Headers
  body: unknown
}

export async function getJson(url: string): Promise<HttpResult> {
  const response = await fetch(url)
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown }
}

/** A WebSocket client that keeps every message until a test takes it. */
export class TestSocket {
  private readonly queue: Frame[] = []
  private readonly waiters: ((message: Frame) => void)[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  pings = 0

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString()
      let message: Frame
      try {
        message = JSON.parse(text) as Frame
      } catch {
        message = { unparsed: text }
      }
      const waiter = this.waiters.shift()
      if (waiter === undefined) this.queue.push(message)
      else waiter(message)
    })
    socket.on('ping', () => this.pings++)
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers })
      const client = new TestSocket(socket)
      socket.once('open', () => resolve(client))
      socket.once('error', reject)
    })
  }

  /** Opens and takes the welcome. */
  static async welcomed(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const client = await TestSocket.open(url, headers)
    await client.next()
    return client
  }

  next(timeoutMs = 2000): Promise<Frame> {
    const queued = this.queue.shift()
    if (queued !== undefined) return Promise.resolve(queued)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        reject(new Error(`no message within ${timeoutMs} ms`))
      }, timeoutMs)
      const waiter = (message: Frame): void => {
        clearTimeout(timer)
        resolve(message)
      }
      this.waiters.push(waiter)
    })
  }

  /** Resolves with whatever arrived within `ms` (expected: nothing). */
  async received(ms: number): Promise<Frame[]> {
    await new Promise((resolve) => setTimeout(resolve, ms))
    return this.queue.splice(0)
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  async subscribe(channel: string): Promise<Frame> {
    this.send({ type: 'subscribe', channel })
    return this.next()
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close()
    return this.closed
  }
}
