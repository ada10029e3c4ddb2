import type { WebSocketLike } from '@renderer/bridge/socket-bridge'

/** A WebSocket stand-in: a test opens it, feeds it messages and closes it by hand. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = []

  static reset(): void {
    FakeWebSocket.instances = []
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1)
    if (!socket) throw new Error('no FakeWebSocket was created')
    return socket
  }

  readyState = 0
  readonly sent: string[] = []
  closedWith: { code?: number; reason?: string } | null = null
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this)
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send before open')
    this.sent.push(data)
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason }
    this.readyState = 3
  }

  /** The requests sent so far, parsed. */
  sentRequests(): Array<{ id: number; method: string; args: unknown[] }> {
    return this.sent.map((text) => JSON.parse(text) as { id: number; method: string; args: unknown[] })
  }

  serverOpens(): void {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }

  serverSends(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message)
    this.onmessage?.(new MessageEvent('message', { data }))
  }

  serverCloses(code = 1006, reason = ''): void {
    this.readyState = 3
    this.onerror?.(new Event('error'))
    this.onclose?.(new CloseEvent('close', { code, reason }))
  }
}
