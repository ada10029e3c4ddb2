import { BRIDGE_MAX_REQUEST_BYTES, BRIDGE_TOKEN_REFUSED, type Bridge, type BridgeMethodName, type SocketRequest } from '@shared/bridge'
import { createBridge, createListenerRegistry } from '@shared/bridge-client'
import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { accessRefusedError, TOKEN_REFUSED_MESSAGE } from './access-refused'

/** The part of the DOM WebSocket this transport uses, so tests can inject a fake. */
export interface WebSocketLike {
  readonly readyState: number
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}

export type WebSocketConstructor = new (url: string) => WebSocketLike

export interface SocketBridgeOptions {
  /** Defaults to the global WebSocket. */
  WebSocket?: WebSocketConstructor
  /** Waits before each reconnect attempt; the last one repeats. */
  reconnectDelaysMs?: readonly number[]
  /** A request with no reply after this long is rejected with TIMEOUT. */
  requestTimeoutMs?: number
}

/** The browser transport: the whole Bridge plus a way to shut it down. */
export interface SocketBridge extends Bridge {
  close(): void
}

interface PendingRequest {
  method: BridgeMethodName
  text: string
  sent: boolean
  resolve: (result: unknown) => void
  reject: (error: ProofWatchError) => void
  timer: ReturnType<typeof setTimeout>
}

const DEFAULT_RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000] as const
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000
const RECEIVED_PREVIEW_CHARS = 200

function unreachable(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'UNREACHABLE', message, retryable: true })
}

export function createSocketBridge(url: string, options: SocketBridgeOptions = {}): SocketBridge {
  const Socket: WebSocketConstructor = options.WebSocket ?? WebSocket
  const reconnectDelays = options.reconnectDelaysMs ?? DEFAULT_RECONNECT_DELAYS_MS
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS

  const listeners = createListenerRegistry({
    malformed: (item) => reportProblem('The bridge sent an event without a name.', JSON.stringify(item) ?? ''),
  })
  /** Every request not yet settled, sent or still waiting for the socket to open. */
  const pending = new Map<number, PendingRequest>()
  let nextId = 1
  let socket: WebSocketLike | null = null
  let isOpen = false
  let failedAttempts = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null
  let closedForGood = false
  /** Set once serve mode refused this page's token: every request fails with it from then on. */
  let refused: ProofWatchError | null = null

  function reportProblem(message: string, received: string): void {
    const info: ErrorInfo = {
      code: 'DECODE',
      message,
      received: received.slice(0, RECEIVED_PREVIEW_CHARS),
    }
    listeners.dispatch([{ event: 'problem', payload: info }])
  }

  function settle(id: number): PendingRequest | undefined {
    const entry = pending.get(id)
    if (!entry) return undefined
    pending.delete(id)
    clearTimeout(entry.timer)
    return entry
  }

  function rejectWhere(predicate: (entry: PendingRequest) => boolean, error: ProofWatchError): void {
    for (const [id, entry] of [...pending]) {
      if (predicate(entry)) settle(id)?.reject(error)
    }
  }

  function flush(): void {
    if (!socket || !isOpen) return
    for (const entry of pending.values()) {
      if (entry.sent) continue
      socket.send(entry.text)
      entry.sent = true
    }
  }

  function handleMessage(data: unknown): void {
    if (typeof data !== 'string') {
      reportProblem('The bridge sent a message that is not text.', String(data))
      return
    }
    let message: unknown
    try {
      message = JSON.parse(data)
    } catch {
      reportProblem('The bridge sent a message that is not JSON.', data)
      return
    }
    if (typeof message !== 'object' || message === null) {
      reportProblem('The bridge sent a message of unknown shape.', data)
      return
    }
    const record = message as Record<string, unknown>
    if (Array.isArray(record.events)) {
      listeners.dispatch(record.events)
      return
    }
    if (typeof record.id === 'number') {
      // A reply to a request that already timed out is dropped.
      const entry = settle(record.id)
      if (!entry) return
      if ('error' in record) entry.reject(ProofWatchError.fromInfo(toErrorInfo(record.error)))
      else entry.resolve(record.result)
      return
    }
    reportProblem('The bridge sent a message of unknown shape.', data)
  }

  function scheduleReconnect(): void {
    if (closedForGood || reconnectTimer) return
    const index = Math.min(failedAttempts, reconnectDelays.length - 1)
    const delay = reconnectDelays[index] ?? 1_000
    failedAttempts += 1
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null
      connect()
    }, delay)
  }

  function connect(): void {
    if (closedForGood) return
    let ws: WebSocketLike
    try {
      ws = new Socket(url)
    } catch (error) {
      rejectWhere(() => true, unreachable(`Cannot open the bridge socket: ${toErrorInfo(error).message}`))
      scheduleReconnect()
      return
    }
    socket = ws
    let opened = false
    ws.onopen = () => {
      if (socket !== ws) return
      opened = true
      isOpen = true
      failedAttempts = 0
      flush()
    }
    ws.onmessage = (event) => {
      if (socket === ws) handleMessage(event.data)
    }
    ws.onerror = () => {
      // A close event always follows; that is where recovery happens.
    }
    ws.onclose = (event) => {
      if (socket !== ws) return
      socket = null
      isOpen = false
      if (event.code === BRIDGE_TOKEN_REFUSED) {
        // The same token would be refused again: no reconnecting.
        refused = accessRefusedError(TOKEN_REFUSED_MESSAGE)
        closedForGood = true
        rejectWhere(() => true, refused)
        return
      }
      const lost = opened ? 'The connection to ProofWatch was lost.' : 'ProofWatch cannot be reached.'
      // Serve mode says why when it closes a page (e.g. 4408, the page stopped reading): shown with the code.
      const reason = event.reason ? `${lost} ${event.reason} (close code ${event.code}).` : lost
      // Sent requests may never get a reply now. Waiting ones are kept for
      // the next socket, unless this attempt never opened: then nobody can
      // tell when one will, and the caller should see the failure.
      rejectWhere((entry) => entry.sent || !opened, unreachable(reason))
      scheduleReconnect()
    }
  }

  function request(method: BridgeMethodName, args: unknown[]): Promise<unknown> {
    if (refused) return Promise.reject(refused)
    if (closedForGood) return Promise.reject(unreachable('The bridge is closed.'))
    const id = nextId++
    const message = { id, method, args } as SocketRequest
    const text = JSON.stringify(message)
    const bytes = new TextEncoder().encode(text).length
    if (bytes > BRIDGE_MAX_REQUEST_BYTES) {
      // Sent, it would make the server close the socket and fail every request waiting on it.
      return Promise.reject(
        new ProofWatchError({
          code: 'INVALID_ARGUMENT',
          message: `${method} asks too much at once (${Math.ceil(bytes / 1024)} KB; the bridge takes up to ${BRIDGE_MAX_REQUEST_BYTES / 1024} KB): try fewer items.`,
        }),
      )
    }
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        settle(id)?.reject(
          new ProofWatchError({
            code: 'TIMEOUT',
            message: `No answer to ${method} within ${Math.round(requestTimeoutMs / 1000)} s.`,
            retryable: true,
          }),
        )
      }, requestTimeoutMs)
      pending.set(id, {
        method,
        text,
        sent: false,
        resolve,
        reject,
        timer,
      })
      flush()
    })
  }

  connect()

  return {
    ...createBridge(request, listeners),
    close() {
      closedForGood = true
      if (reconnectTimer) clearTimeout(reconnectTimer)
      reconnectTimer = null
      const current = socket
      socket = null
      isOpen = false
      current?.close(1000, 'closed')
      rejectWhere(() => true, unreachable('The bridge is closed.'))
    },
  }
}
