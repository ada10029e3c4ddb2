/**
 * A bare WebSocket server that sends prepared ~420-byte event frames as fast
 * as the socket takes them: the baseline for receiving and parsing events,
 * with nothing of ProofWatch or the demo indexer's publishing in the way.
 */
import { WebSocketServer, type WebSocket } from 'ws'
import { DemoNetwork } from '../../src/main/demo/network'
import { wireTransaction } from '../../src/main/demo/wire-format'
import { notifyParent } from '../lib/ipc'

export interface FrameSenderArgs {
  /** permessage-deflate on every frame (threshold 0), as a server with compression on would send them. */
  deflate: boolean
}

export interface FrameSenderReady {
  url: string
  averageFrameBytes: number
}

/** Above this much unsent data, wait for the socket to drain before queueing more. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024

const args = JSON.parse(process.argv[2] ?? '{}') as FrameSenderArgs
const network = new DemoNetwork({ seed: 3, rate: 0, historyProofs: 0, historyTransactions: 0 })
const frames = Array.from({ length: 1000 }, () => {
  const tx = network.publishTransaction({ kind: 'token' })
  return Buffer.from(JSON.stringify({ type: `address:${tx.feePayer}:txs`, data: wireTransaction(tx) }))
})
const averageFrameBytes = frames.reduce((sum, frame) => sum + frame.length, 0) / frames.length

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: args.deflate ? { threshold: 0 } : false })

async function sendFrames(socket: WebSocket, count: number): Promise<void> {
  for (let sent = 0; sent < count; ) {
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > HIGH_WATER_BYTES) {
      await new Promise((resolve) => setImmediate(resolve))
      continue
    }
    const end = Math.min(count, sent + 200)
    // bufferedAmount counts frames still waiting for compression too.
    for (; sent < end; sent++) socket.send(frames[sent % frames.length] as Buffer, { binary: false })
  }
  socket.send(JSON.stringify({ type: 'end', count }))
}

server.on('connection', (socket) => {
  socket.on('message', (data) => {
    const request = JSON.parse(data.toString()) as { send: number }
    void sendFrames(socket, request.send)
  })
})

server.on('listening', () => {
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  notifyParent('ready', { url: `ws://127.0.0.1:${port}`, averageFrameBytes } satisfies FrameSenderReady)
})
process.on('disconnect', () => process.exit(0))
