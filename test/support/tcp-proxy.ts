/**
 * A loopback TCP proxy for connection tests. `stall()` stops forwarding in
 * both directions while keeping every socket open: to both ends the
 * connection looks established, but nothing arrives (a half-open connection,
 * as after a sleep, a NAT timeout or a pulled cable).
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  /** ws://127.0.0.1:<proxy port><path> style URLs are built from this. */
  readonly port: number
  /** Connections accepted so far. */
  accepted(): number
  /** Pairs currently open. */
  openCount(): number
  /** Stop forwarding; sockets stay open and data is discarded. New connections are accepted but stall too. */
  stall(): void
  /** Forward again (for new data; what was discarded is gone). */
  unstall(): void
  /** Cut every pair at once (both ends see a reset). */
  cutAll(): void
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>()
  let stalled = false
  let accepted = 0
  const endPair = (pair: [Socket, Socket]) => {
    pairs.delete(pair)
    pair[0].destroy()
    pair[1].destroy()
  }

  const server: Server = createServer((client) => {
    accepted++
    const upstream = connect(targetPort, targetHost)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => {
        if (!stalled && !to.destroyed) to.write(chunk)
      })
    }
    forward(client, upstream)
    forward(upstream, client)
    // While stalled, a close at one end does not reach the other either: that end stays half-open.
    const end = () => {
      if (stalled) return
      endPair(pair)
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', () => {})
    upstream.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })

  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    openCount: () => [...pairs].filter(([client, upstream]) => !client.destroyed && !upstream.destroyed).length,
    stall() {
      stalled = true
    },
    unstall() {
      stalled = false
      for (const pair of [...pairs]) if (pair[0].destroyed || pair[1].destroyed) endPair(pair)
    },
    cutAll() {
      for (const pair of [...pairs]) {
        pair[0].resetAndDestroy()
        pair[1].resetAndDestroy()
        pairs.delete(pair)
      }
    },
    close() {
      for (const pair of [...pairs]) endPair(pair)
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
