/**
 * Baseline: how many ~420-byte JSON events a ws client receives and parses
 * per second from a server in another process, with and without
 * permessage-deflate. The live pipeline cannot beat this figure.
 */
import WebSocket from 'ws'
import { performance } from 'node:perf_hooks'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { forkChild } from '../lib/processes'
import type { FrameSenderReady } from '../children/frame-sender'

/** Events per second from the first event to the end marker. */
function receive(url: string, count: number, deflate: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: deflate })
    let received = 0
    let firstAt = 0
    socket.on('open', () => socket.send(JSON.stringify({ send: count })))
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as { type: string; data?: { signature?: string } }
      if (event.type === 'end') {
        const seconds = (performance.now() - firstAt) / 1000
        socket.close()
        if (received !== count) reject(new Error(`received ${received} of ${count} events`))
        else resolve((received - 1) / seconds)
        return
      }
      if (received++ === 0) firstAt = performance.now()
      // Touch a field so the parse cannot be optimised away.
      if (event.data?.signature === undefined) reject(new Error('an event without a signature'))
    })
    socket.on('error', reject)
  })
}

async function rateOf(ctx: BenchContext, deflate: boolean, count: number): Promise<{ samples: number[]; frameBytes: number }> {
  const sender = await forkChild<FrameSenderReady>(ctx.benchDir, 'frame-sender', { deflate })
  try {
    // One unmeasured round warms up both ends.
    await receive(sender.ready.url, Math.min(count, 2_000), deflate)
    const samples: number[] = []
    for (let run = 0; run < ctx.sizes.runs; run++) samples.push(await receive(sender.ready.url, count, deflate))
    return { samples, frameBytes: sender.ready.averageFrameBytes }
  } finally {
    await sender.stop()
  }
}

export const wsReceive: Benchmark = {
  name: 'ws',
  title: 'WebSocket receive and parse (baseline)',
  async run(ctx): Promise<Figure[]> {
    const plain = await rateOf(ctx, false, ctx.sizes.wsEvents)
    const deflate = await rateOf(ctx, true, ctx.sizes.wsDeflateEvents)
    const note = `frames of ${Math.round(plain.frameBytes)} bytes on average`
    return [
      measured({ id: 'ws.receive-parse', figure: 'ws receive + JSON.parse', unit: 'events/s', baseline: true, short: 'raw ws', note }, plain.samples),
      measured(
        {
          id: 'ws.receive-parse-deflate',
          figure: 'ws receive + parse, permessage-deflate',
          unit: 'events/s',
          target: { baseline: 'ws.receive-parse', text: 'side by side' },
          note: 'every frame compressed on its own',
        },
        deflate.samples,
      ),
    ]
  },
}
