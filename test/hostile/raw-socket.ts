/** A client that speaks raw TCP to a server, to send what no well-behaved WebSocket library would. */
import { connect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'

export interface RawClient {
  socket: Socket
  /** Everything received so far, as latin1 text (frames stay byte-exact). */
  received(): string
  /** Resolves once `pattern` is in what was received, or the socket ended (false then). */
  waitFor(pattern: RegExp | string): Promise<boolean>
  /** Resolves once the server closed or reset the connection. */
  closed: Promise<void>
  write(data: Buffer | string): void
  /** Sends a TCP reset (RST) instead of a clean close. */
  reset(): void
  /** Half-closes: what was written still arrives, then end of stream. */
  end(): void
}

export function rawConnect(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    let text = ''
    const waiters: Array<() => void> = []
    let ended = false
    const wake = () => waiters.splice(0).forEach((w) => w())
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      wake()
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      ended = true
      wake()
    })
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => text,
        closed,
        write: (data) => {
          if (!socket.destroyed) socket.write(data)
        },
        end: () => {
          if (!socket.destroyed) socket.end()
        },
        reset: () => {
          if (!socket.destroyed) socket.resetAndDestroy()
        },
        waitFor: (pattern) =>
          new Promise((done) => {
            const check = () => {
              const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)
              if (found) return done(true)
              if (ended) return done(false)
              waiters.push(check)
            }
            check()
          }),
      }),
    )
    socket.once('error', reject)
  })
}

export interface UpgradeHeaders {
  path: string
  host: string
  origin?: string
  key?: string
  version?: string
  extra?: string[]
}

export function upgradeRequest(h: UpgradeHeaders): string {
  const lines = [
    `GET ${h.path} HTTP/1.1`,
    `Host: ${h.host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${h.key ?? randomBytes(16).toString('base64')}`,
    `Sec-WebSocket-Version: ${h.version ?? '13'}`,
    ...(h.origin === undefined ? [] : [`Origin: ${h.origin}`]),
    ...(h.extra ?? []),
  ]
  return `${lines.join('\r\n')}\r\n\r\n`
}

export interface FrameOptions {
  fin?: boolean
  rsv?: number
  opcode: number
  payload?: Buffer
  /** Clients must mask; false sends an unmasked frame (a protocol error from a client). */
  mask?: boolean
  /** A declared length other than the payload's (e.g. 4 GiB with nothing behind it). */
  declaredLength?: bigint
}

/** One WebSocket frame as bytes, as RFC 6455 lays it out. */
export function frame(options: FrameOptions): Buffer {
  const payload = options.payload ?? Buffer.alloc(0)
  const masked = options.mask ?? true
  const length = options.declaredLength ?? BigInt(payload.length)
  const first = ((options.fin ?? true) ? 0x80 : 0) | ((options.rsv ?? 0) << 4) | (options.opcode & 0x0f)
  let header: Buffer
  if (length < 126n) header = Buffer.from([first, (masked ? 0x80 : 0) | Number(length)])
  else if (length < 65536n) {
    header = Buffer.alloc(4)
    header[0] = first
    header[1] = (masked ? 0x80 : 0) | 126
    header.writeUInt16BE(Number(length), 2)
  } else {
    header = Buffer.alloc(10)
    header[0] = first
    header[1] = (masked ? 0x80 : 0) | 127
    header.writeBigUInt64BE(length, 2)
  }
  if (!masked) return Buffer.concat([header, payload])
  const key = randomBytes(4)
  const body = Buffer.from(payload)
  for (let index = 0; index < body.length; index++) body[index]! ^= key[index % 4]!
  return Buffer.concat([header, key, body])
}

export const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const
