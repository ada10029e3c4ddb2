/** A flood of bad frames from the indexer: every one counted, a few reported, none fatal. */
import { describe, expect, it } from 'vitest'
import { createPrng, type Prng } from '../../src/main/demo/prng'
import { waitFor } from '../support/wait-for'
import { allSubscribed, demo, watchPool } from '../support/live-harness'

type Kind = 'malformed' | 'oversized' | 'unknown'
interface BadFrame {
  kind: Kind
  data: string | Buffer
  binary: boolean
}

const MAX_FRAME_BYTES = 4096

const BAD_JSON = ['{not json', '{"type":', '[1,2', 'undefined', "{'type':'stats'}", '{"type":"proofs","data":}', '\u0000\u0001', '']
const WRONG_SHAPES = [
  '[1,2,3]',
  '42',
  '"stats"',
  'null',
  'true',
  '{}',
  '{"type":"subscribed"}',
  '{"type":"unsubscribed"}',
  '{"type":"stats"}',
  '{"type":"event","data":{}}',
  '{"data":{"tps":1}}',
]

function badFrame(random: Prng): BadFrame {
  switch (random.int(0, 6)) {
    case 0:
      return { kind: 'malformed', data: Buffer.from(random.bytes(random.int(1, 300))), binary: true }
    case 1:
      // Random bytes in a text frame: mostly invalid UTF-8.
      return { kind: 'malformed', data: Buffer.from([0xff, ...random.bytes(random.int(0, 300))]), binary: false }
    case 2:
      return { kind: 'malformed', data: random.pick(BAD_JSON) + random.hex(random.int(0, 8)), binary: false }
    case 3:
      return { kind: 'malformed', data: random.pick(WRONG_SHAPES), binary: false }
    case 4:
      return { kind: 'oversized', data: JSON.stringify({ type: 'proofs', data: { pad: 'x'.repeat(MAX_FRAME_BYTES + random.int(1, 2000)) } }), binary: false }
    case 5:
      return { kind: 'unknown', data: JSON.stringify({ type: `address:Unknown${random.hex(4)}:txs`, data: { signature: random.hex(8) } }), binary: false }
    default:
      return { kind: 'unknown', data: JSON.stringify({ type: 'subscribed', channel: `never-asked-${random.hex(3)}` }), binary: false }
  }
}

describe('malformed frames', () => {
  it('survives 1,000 random bad frames, counts each by kind and reports only a few', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl, maxFrameBytes: MAX_FRAME_BYTES })
    w.pool.start()
    await waitFor(() => w.status().state === 'live' && allSubscribed(w.pool))
    const before = w.pool.counters()

    const random = createPrng(7)
    const expected: Record<Kind, number> = { malformed: 0, oversized: 0, unknown: 0 }
    for (let index = 0; index < 1000; index++) {
      const frame = badFrame(random)
      expected[frame.kind]++
      indexer.sendRawToAll(frame.data, frame.binary)
    }
    // A good event after the flood shows the same connection still delivers.
    indexer.network.publishProof()
    await waitFor(() => w.events.some(([channel]) => channel === 'proofs'))

    const counters = w.pool.counters()
    expect(counters.framesReceived - before.framesReceived).toBe(1001)
    expect({ malformed: counters.malformed, oversized: counters.oversized, unknown: counters.unknown }).toEqual(expected)
    expect(Object.values(expected).every((count) => count > 50)).toBe(true)
    expect(counters.reconnects).toBe(0)
    expect(w.status().state).toBe('live')
    expect(w.events).toHaveLength(1)
    // Logged, but not 1,000 times: a few per minute, the rest only counted.
    expect(w.problems.length).toBeGreaterThan(0)
    expect(w.problems.length).toBeLessThanOrEqual(5)
    expect(w.problems.every((p) => p.code === 'DECODE')).toBe(true)
  })

  it('counts a frame too large even to buffer, and reconnects', async () => {
    const indexer = await demo()
    const w = watchPool({ url: indexer.wsUrl, maxFrameBytes: 1024, hardMaxFrameBytes: 64 * 1024 })
    w.pool.start()
    await waitFor(() => allSubscribed(w.pool))
    indexer.sendRawToAll('x'.repeat(100 * 1024))
    await waitFor(() => w.pool.counters().oversized === 1)
    await waitFor(() => w.live.length === 4 && allSubscribed(w.pool))
    expect(w.pool.counters().reconnects).toBe(1)
    expect(w.problems.some((p) => /Oversized socket frame/.test(p.message))).toBe(true)
  })
})
