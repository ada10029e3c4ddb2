/**
 * A hostile local client against serve mode: any process on this host can
 * open a TCP connection to it and send any bytes, with any Origin or Host.
 * Each input must leave serve mode alive and answering, say in its log what
 * it refused, and hand the sender neither the page's token nor anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { BRIDGE_TOO_FAR_BEHIND, BRIDGE_TOO_FAR_BEHIND_REASON, type BridgeEvent, type SocketReply } from '@shared/bridge'
import { KnownSecrets } from '../../src/main/core/config/known-secrets'
import type { ExportDestination, Monitor } from '../../src/main/core/monitor/monitor'
import { startServe, type ServeHandle } from '../../src/main/serve/server'
import { waitFor } from '../support/wait-for'
import { frame, OPCODE, rawConnect, upgradeRequest, type RawClient } from './raw-socket'
import { bridgeAnswers, eventSource, recordingLogger, rendererDir, watchCrashes } from './serve-fixture'

const log = recordingLogger()
const crashWatch = watchCrashes()
const events = eventSource()
let destination: ExportDestination | null = null
/** What getCacheInfo answers: the cases below make it something JSON cannot carry. */
let cacheInfo: unknown = { rows: 0 }
const monitor = {
  knownSecrets: new KnownSecrets(),
  onEvents: events.onEvents,
  getCacheInfo: async () => cacheInfo,
  getSettings: async () => ({ profiles: [], activeProfileId: 'demo' }),
  getConnection: async () => ({ socket: { state: 'live' } }),
  setExportDestination: (given: ExportDestination) => (destination = given),
} as unknown as Monitor

let serve: ServeHandle
let tried = 0
let survived = 0
let leaks = 0

beforeAll(async () => {
  serve = await startServe({ monitor, rendererDir: rendererDir(), port: 0, log })
})

afterAll(async () => {
  await serve?.close()
  crashWatch.stop()
  console.log(`hostile serve client: ${tried} inputs, ${survived} survived, ${crashWatch.crashes.length} crashes, ${leaks} leaks`)
})

const host = () => `127.0.0.1:${serve.port}`
const ownOrigin = () => `http://127.0.0.1:${serve.port}`

/** An upgraded bridge socket, as a hostile client that knows the token (or not) holds it. */
async function upgraded(token: string): Promise<RawClient> {
  const client = await rawConnect(serve.port)
  client.write(upgradeRequest({ path: `/bridge?token=${token}`, host: host(), origin: ownOrigin() }))
  expect(await client.waitFor('\r\n\r\n')).toBe(true)
  expect(client.received()).toMatch(/^HTTP\/1\.1 101 /)
  return client
}

/**
 * Runs one hostile input, then checks serve mode: no crash, a page of ours
 * still gets answers, the log says `told` and neither the reply to the
 * sender nor the log carries the token.
 */
async function survives(send: () => Promise<RawClient | void>, told: RegExp | null): Promise<void> {
  tried++
  const crashesBefore = crashWatch.crashes.length
  const mark = log.lines.length
  const client = await send()
  if (client) await client.closed
  const reply = await bridgeAnswers(serve.port, serve.token)
  expect(reply).toMatchObject({ id: 1, result: { activeProfileId: 'demo' } })
  expect(crashWatch.crashes.slice(crashesBefore)).toEqual([])
  const logged = log.since(mark).join('\n')
  const leaked = (client && client.received().includes(serve.token)) || logged.includes(serve.token)
  if (leaked) leaks++
  expect(leaked).toBe(false)
  if (told) expect(logged).toMatch(told)
  survived++
}

/** Frames that break RFC 6455 in each way a receiver must refuse. */
const BAD_FRAMES: Array<[string, () => Buffer]> = [
  ['an unmasked client frame', () => frame({ opcode: OPCODE.text, payload: Buffer.from('{"id":1}'), mask: false })],
  ['an invalid opcode (0x3)', () => frame({ opcode: 0x3, payload: Buffer.from('x') })],
  ['a reserved control opcode (0xB)', () => frame({ opcode: 0xb })],
  ['invalid UTF-8 in a text frame', () => frame({ opcode: OPCODE.text, payload: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d]) })],
  ['RSV1 set without an extension', () => frame({ opcode: OPCODE.text, rsv: 0b100, payload: Buffer.from('{}') })],
  ['RSV2 set', () => frame({ opcode: OPCODE.text, rsv: 0b010, payload: Buffer.from('{}') })],
  ['RSV3 set', () => frame({ opcode: OPCODE.binary, rsv: 0b001, payload: Buffer.from('{}') })],
  ['a 4 GiB length header', () => frame({ opcode: OPCODE.text, declaredLength: 2n ** 32n, payload: Buffer.from('{') })],
  ['a 2^63 length header', () => frame({ opcode: OPCODE.text, declaredLength: 2n ** 63n, payload: Buffer.from('{') })],
  ['a 300 KB message (over the 256 KB limit)', () => frame({ opcode: OPCODE.text, payload: Buffer.alloc(300 * 1024, 0x20) })],
  ['a 20 MB message header', () => frame({ opcode: OPCODE.text, declaredLength: 20n * 1024n * 1024n, payload: Buffer.alloc(64 * 1024, 0x20) })],
  ['a continuation with nothing to continue', () => frame({ opcode: OPCODE.continuation, payload: Buffer.from('x') })],
  ['a fragmented ping', () => frame({ opcode: OPCODE.ping, fin: false })],
  ['a ping over 125 bytes', () => frame({ opcode: OPCODE.ping, payload: Buffer.alloc(126) })],
  ['a close frame with a one-byte body', () => frame({ opcode: OPCODE.close, payload: Buffer.from([0x03]) })],
  ['a close frame with an invalid code (999)', () => frame({ opcode: OPCODE.close, payload: Buffer.from([0x03, 0xe7]) })],
  ['a close frame with invalid UTF-8 in its reason', () => frame({ opcode: OPCODE.close, payload: Buffer.from([0x03, 0xe8, 0xff, 0xfe]) })],
  [
    'a new text frame inside a fragmented message',
    () => Buffer.concat([frame({ opcode: OPCODE.text, fin: false, payload: Buffer.from('{') }), frame({ opcode: OPCODE.text, payload: Buffer.from('}') })]),
  ],
  [
    'fragments adding up past the limit',
    () =>
      Buffer.concat([
        frame({ opcode: OPCODE.text, fin: false, payload: Buffer.alloc(200 * 1024, 0x20) }),
        frame({ opcode: OPCODE.continuation, payload: Buffer.alloc(200 * 1024, 0x20) }),
      ]),
  ],
]

/** Well-formed frames with contents the bridge must turn away without harm. */
const BAD_MESSAGES: Array<[string, Buffer]> = [
  ['a binary message', frame({ opcode: OPCODE.binary, payload: Buffer.from('{"id":1,"method":"getSettings","args":[]}') })],
  ['text that is not JSON', frame({ opcode: OPCODE.text, payload: Buffer.from('{"id":1,') })],
  ['JSON null', frame({ opcode: OPCODE.text, payload: Buffer.from('null') })],
  ['a JSON array', frame({ opcode: OPCODE.text, payload: Buffer.from('[1,2,3]') })],
  ['a request without an id', frame({ opcode: OPCODE.text, payload: Buffer.from('{"method":"getSettings","args":[]}') })],
]

describe('a hostile local client against serve mode', () => {
  describe('on the bridge socket it was let into (it knows the token)', () => {
    for (const [name, bytes] of BAD_FRAMES) {
      it(`survives ${name}`, async () => {
        await survives(async () => {
          const client = await upgraded(serve.token)
          client.write(bytes())
          client.end()
          return client
        }, /bridge socket error/)
      })
    }
    for (const [name, bytes] of BAD_MESSAGES) {
      it(`survives ${name} and keeps the socket open`, async () => {
        await survives(async () => {
          const client = await upgraded(serve.token)
          client.write(bytes)
          // The bridge ignores it and still answers a good request on the same socket.
          client.write(frame({ opcode: OPCODE.text, payload: Buffer.from('{"id":77,"method":"getSettings","args":[]}') }))
          expect(await client.waitFor('"id":77')).toBe(true)
          client.reset()
          return client
        }, /bridge message ignored/)
      })
    }
    it('answers a request with arguments nested 50,000 deep with a refusal', async () => {
      await survives(async () => {
        const client = await upgraded(serve.token)
        const args = `${'['.repeat(50_000)}${']'.repeat(50_000)}`
        client.write(frame({ opcode: OPCODE.text, payload: Buffer.from(`{"id":5,"method":"getSettings","args":${args}}`) }))
        expect(await client.waitFor(/"id":5,"error":\{"code":"INVALID_ARGUMENT"/)).toBe(true)
        client.reset()
        return client
      }, null)
    })
    it('survives a TCP reset in the middle of a frame', async () => {
      await survives(async () => {
        const client = await upgraded(serve.token)
        client.write(frame({ opcode: OPCODE.text, payload: Buffer.alloc(10_000, 0x20) }).subarray(0, 5000))
        client.reset()
        return client
      }, null)
    })
    it('survives a TCP reset while a reply is on its way', async () => {
      await survives(async () => {
        const client = await upgraded(serve.token)
        for (let id = 0; id < 50; id++) client.write(frame({ opcode: OPCODE.text, payload: Buffer.from(`{"id":${id},"method":"getSettings","args":[]}`) }))
        client.reset()
        return client
      }, null)
    })
  })

  describe('on a socket refused for its token (closed with 4401)', () => {
    for (const [name, bytes] of BAD_FRAMES.slice(0, 11)) {
      it(`survives ${name}`, async () => {
        await survives(async () => {
          const client = await upgraded('not-the-token')
          client.write(bytes())
          client.end()
          return client
        }, /bridge socket error|bridge connection refused/)
      })
    }
    it('survives a TCP reset before the close completes', async () => {
      await survives(async () => {
        const client = await upgraded('not-the-token')
        client.reset()
        return client
      }, null)
    })
  })

  describe('on an upgrade refused at the HTTP level', () => {
    const refusals: Array<[string, () => { path: string; origin?: string }]> = [
      ['a foreign Origin', () => ({ path: `/bridge?token=${serve.token}`, origin: 'http://evil.example' })],
      ['no Origin', () => ({ path: `/bridge?token=${serve.token}` })],
      ['an Origin of another port', () => ({ path: `/bridge?token=${serve.token}`, origin: 'http://127.0.0.1:1' })],
      ['the wrong path', () => ({ path: `/other?token=${serve.token}`, origin: ownOrigin() })],
    ]
    for (const [name, request] of refusals) {
      it(`survives ${name} followed by a TCP reset`, async () => {
        await survives(async () => {
          const client = await rawConnect(serve.port)
          client.write(upgradeRequest({ host: host(), ...request() }))
          expect(await client.waitFor(/HTTP\/1\.1 40[34]/)).toBe(true)
          client.reset()
          return client
        }, /bridge connection refused/)
      })
      it(`survives ${name} reset before the refusal is read`, async () => {
        await survives(async () => {
          const client = await rawConnect(serve.port)
          client.write(upgradeRequest({ host: host(), ...request() }))
          client.reset()
          return client
        }, null)
      })
    }
    const badHandshakes: Array<[string, () => string]> = [
      ['an unsupported WebSocket version', () => upgradeRequest({ path: `/bridge?token=${serve.token}`, host: host(), origin: ownOrigin(), version: '7' })],
      ['a WebSocket version that is not a number', () => upgradeRequest({ path: `/bridge?token=${serve.token}`, host: host(), origin: ownOrigin(), version: 'x' })],
      ['a malformed Sec-WebSocket-Key', () => upgradeRequest({ path: `/bridge?token=${serve.token}`, host: host(), origin: ownOrigin(), key: 'short' })],
      ['a request line that is not HTTP', () => 'GARBAGE\r\n\r\n'],
      ['a header without a colon', () => `GET / HTTP/1.1\r\nHost ${host()}\r\n\r\n`],
    ]
    for (const [name, request] of badHandshakes) {
      it(`survives ${name}`, async () => {
        await survives(async () => {
          const client = await rawConnect(serve.port)
          client.write(request())
          expect(await client.waitFor(/HTTP\/1\.1 4\d\d/)).toBe(true)
          client.reset()
          return client
        }, null)
      })
    }
  })

  describe('values the core hands the bridge that JSON cannot carry', () => {
    const deep = (depth: number) => {
      let value: unknown = 0
      for (let level = 0; level < depth; level++) value = [value]
      return value
    }
    const cyclic = () => {
      const value: Record<string, unknown> = {}
      value.self = value
      return value
    }
    const unsendable: Array<[string, () => unknown]> = [
      ['nested 100,000 deep', () => deep(100_000)],
      ['a cycle', cyclic],
      ['a BigInt', () => ({ rows: 10n })],
    ]
    for (const [name, value] of unsendable) {
      it(`answers a reply holding ${name} with an error the page shows`, async () => {
        await survives(async () => {
          cacheInfo = value()
          const reply = await bridgeAnswers(serve.port, serve.token, 'getCacheInfo')
          cacheInfo = { rows: 0 }
          expect(reply).toMatchObject({ id: 1, error: { code: 'INTERNAL', message: expect.stringMatching(/^The answer to getCacheInfo could not be sent: /) } })
        }, null)
      })
      it(`pushes the rest of a batch and a problem in place of an event holding ${name}`, async () => {
        await survives(async () => {
          const page = new WebSocket(`ws://127.0.0.1:${serve.port}/bridge?token=${serve.token}`, { origin: ownOrigin() })
          const batches: SocketReply[] = []
          page.on('message', (data) => batches.push(JSON.parse(data.toString()) as SocketReply))
          await new Promise((resolve) => page.once('open', resolve))
          // The greeting first, so the batch below is the only other message.
          await waitFor(() => batches.length === 1)
          events.emit([
            { event: 'cache', payload: value() },
            { event: 'problem', payload: { code: 'DECODE', message: 'kept' } },
          ] as BridgeEvent[])
          await waitFor(() => batches.length === 2)
          page.terminate()
          expect(batches[1]).toEqual({
            events: [
              { event: 'problem', payload: { code: 'INTERNAL', message: expect.stringMatching(/^An update \(cache\) could not be sent to the page: /) } },
              { event: 'problem', payload: { code: 'DECODE', message: 'kept' } },
            ],
          })
        }, /bridge event not sent/)
      })
    }
  })

  describe('with a Host that is not this server (DNS rebinding)', () => {
    const foreignHosts = (): string[] => [
      'evil.example',
      `evil.example:${serve.port}`,
      '127.0.0.1',
      `127.0.0.1:${serve.port + 1}`,
      `localhost:${serve.port}.evil.example`,
      `127.0.0.2:${serve.port}`,
      `[::1]:${serve.port}`,
    ]

    /** A raw request with the given Host; resolves with the whole answer once the server closes or it is complete. */
    async function requestWithHost(path: string, hostHeader: string): Promise<{ client: RawClient; status: number }> {
      const client = await rawConnect(serve.port)
      client.write(`GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`)
      await client.closed
      return { client, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(client.received())?.[1] ?? 0) }
    }

    async function exportLink(): Promise<string> {
      const outcome = await destination!({ kind: 'proofs', format: 'csv', filter: {} }, {
        toStream: async (out: NodeJS.WritableStream) => {
          out.write('proofAccount\nP1\n')
          return { rows: 1 }
        },
        toFile: async () => ({ rows: 0 }),
      } as never)
      return (outcome as { url: string }).url
    }

    it('refuses pages, assets and exports with 421, and the export link still works for a page of ours', async () => {
      const link = await exportLink()
      for (const hostHeader of foreignHosts()) {
        for (const path of ['/', `/?token=${serve.token}`, '/assets/app.js', link]) {
          await survives(async () => {
            const { client, status } = await requestWithHost(path, hostHeader)
            expect(status).toBe(421)
            expect(client.received()).not.toContain('ProofWatch</title>')
            expect(client.received()).not.toContain('proofAccount')
            return client
          }, /refused a request for another host/)
        }
      }
      const { client, status } = await requestWithHost(link, `LOCALHOST:${serve.port}`)
      expect(status).toBe(200)
      expect(client.received()).toContain('proofAccount\nP1')
    })

    it('refuses the bridge with 421, token and Origin notwithstanding', async () => {
      for (const hostHeader of foreignHosts()) {
        await survives(async () => {
          const client = await rawConnect(serve.port)
          client.write(upgradeRequest({ path: `/bridge?token=${serve.token}`, host: hostHeader, origin: ownOrigin() }))
          expect(await client.waitFor(/^HTTP\/1\.1 \d{3}/)).toBe(true)
          expect(client.received()).toMatch(/^HTTP\/1\.1 421 /)
          client.end()
          return client
        }, /bridge connection refused.*421/)
      }
    })
  })

  it('pushes events to a page of ours after all of the above', async () => {
    expect(destination).not.toBeNull()
    expect(await bridgeAnswers(serve.port, serve.token, 'getConnection')).toMatchObject({ id: 1, result: { socket: { state: 'live' } } })
    events.emit([])
  })
})

/**
 * Back-pressure (issue 27, item 3), each case on a serve mode of its own with
 * small limits, so a cap is reached with a few requests and a timeout comes
 * in a fraction of a second.
 */
describe('a hostile page that floods, stops reading or stalls, against back-pressure', () => {
  /** A monitor whose getCacheInfo waits until the test releases it, counting how many run at once. */
  function gatedMonitor() {
    const source = eventSource()
    const gates: Array<() => void> = []
    const stats = { running: 0, peak: 0, finished: 0 }
    const gated = {
      knownSecrets: new KnownSecrets(),
      onEvents: source.onEvents,
      getSettings: async () => ({ profiles: [], activeProfileId: 'demo' }),
      getConnection: async () => ({ socket: { state: 'live' } }),
      setExportDestination: () => undefined,
      getCacheInfo: async () => {
        stats.running++
        stats.peak = Math.max(stats.peak, stats.running)
        await new Promise<void>((resolve) => gates.push(resolve))
        stats.running--
        stats.finished++
        return { rows: 0 }
      },
    } as unknown as Monitor
    return { monitor: gated, events: source, stats, gates, release: () => gates.splice(0).forEach((open) => open()) }
  }

  const opened: ServeHandle[] = []
  async function smallServe(limits: Parameters<typeof startServe>[0]['limits'], gated = gatedMonitor()) {
    const handle = await startServe({ monitor: gated.monitor, rendererDir: rendererDir(), port: 0, log, limits })
    opened.push(handle)
    return { handle, ...gated }
  }
  afterAll(async () => {
    for (const handle of opened) await handle.close()
  })

  async function upgradedTo(handle: ServeHandle): Promise<RawClient> {
    const client = await rawConnect(handle.port)
    client.write(upgradeRequest({ path: `/bridge?token=${handle.token}`, host: `127.0.0.1:${handle.port}`, origin: `http://127.0.0.1:${handle.port}` }))
    expect(await client.waitFor('\r\n\r\n')).toBe(true)
    expect(client.received()).toMatch(/^HTTP\/1\.1 101 /)
    return client
  }

  /** One hostile input, counted in the tally: no crash, and a page of ours on that server still gets answers. */
  async function held(handle: ServeHandle, input: () => Promise<void>): Promise<void> {
    tried++
    const crashesBefore = crashWatch.crashes.length
    await input()
    expect(await bridgeAnswers(handle.port, handle.token)).toMatchObject({ id: 1, result: { activeProfileId: 'demo' } })
    expect(crashWatch.crashes.slice(crashesBefore)).toEqual([])
    survived++
  }

  it('hands the core at most the cap of one page’s requests at once, answers another page meanwhile, and loses none', async () => {
    const CAP = 4
    const REQUESTS = 200
    const small = await smallServe({ maxInFlight: CAP })
    await held(small.handle, async () => {
      const flooder = await upgradedTo(small.handle)
      // It reads nothing while it floods: every request in one write, so ws parses them all from one chunk.
      flooder.socket.pause()
      flooder.write(Buffer.concat(Array.from({ length: REQUESTS }, (_, id) => frame({ opcode: OPCODE.text, payload: Buffer.from(`{"id":${id},"method":"getCacheInfo","args":[]}`) }))))
      await waitFor(() => small.stats.running >= CAP)
      // Another page is answered while the flooder's requests hold the core.
      expect(await bridgeAnswers(small.handle.port, small.handle.token)).toMatchObject({ id: 1, result: { activeProfileId: 'demo' } })
      // Before back-pressure every request went to the core as it was read: 200 here.
      expect(small.stats.running).toBe(CAP)
      while (small.stats.finished < REQUESTS) {
        // The next requests reach the core once the released ones are answered: as many as the cap lets in.
        await waitFor(() => small.stats.finished === REQUESTS || small.gates.length === Math.min(CAP, REQUESTS - small.stats.finished))
        small.release()
      }
      expect(small.stats.peak).toBe(CAP)
      flooder.socket.resume()
      await waitFor(() => new Set(flooder.received().match(/"id":\d+,"result"/g)).size === REQUESTS)
      flooder.reset()
    })
  })

  it('closes a page that stops reading while updates flow with 4408 and a reason it shows, once it reads again', async () => {
    // A long grace: the close frame waits behind the unread updates, and the page reads them only after the close.
    const small = await smallServe({ maxBufferedBytes: 64 * 1024, stallMs: 200, closeGraceMs: 60_000 })
    await held(small.handle, async () => {
      const mark = log.lines.length
      const page = new WebSocket(`ws://127.0.0.1:${small.handle.port}/bridge?token=${small.handle.token}`, { origin: `http://127.0.0.1:${small.handle.port}` })
      page.on('error', () => {})
      const closed = new Promise<{ code: number; reason: string }>((resolve) => page.once('close', (code, reason) => resolve({ code, reason: reason.toString() })))
      await new Promise((resolve) => page.once('open', resolve))
      page.pause()
      const update = [{ event: 'problem', payload: { code: 'DECODE', message: 'x'.repeat(100_000) } }] as BridgeEvent[]
      const told = () => log.since(mark).some((line) => line.includes('bridge socket closed: the page stopped reading'))
      // Updates flow until serve mode gives up on the page (the kernel's buffers take several MB first).
      const flow = setInterval(() => {
        for (let batch = 0; batch < 20 && !told(); batch++) small.events.emit(update)
      }, 5)
      try {
        // Before back-pressure the page was never closed: this times out.
        await waitFor(told, 20_000)
      } finally {
        clearInterval(flow)
      }
      page.resume()
      let shown: { code: number; reason: string } | null = null
      void closed.then((given) => (shown = given))
      // The page reads what was waiting, then the close frame; a close handshake left unread would hang here.
      await waitFor(() => shown !== null, 20_000)
      expect(shown).toEqual({ code: BRIDGE_TOO_FAR_BEHIND, reason: BRIDGE_TOO_FAR_BEHIND_REASON })
      expect(log.since(mark).join('\n')).toMatch(/bridge socket closed after it was held back.*"peakBufferedBytes":\d+/)
    })
  }, 60_000)

  it('cuts a socket that sent half a frame and stalls, after the ping interval', async () => {
    const small = await smallServe({ pingIntervalMs: 300 })
    await held(small.handle, async () => {
      const mark = log.lines.length
      const client = await upgradedTo(small.handle)
      client.write(frame({ opcode: OPCODE.text, payload: Buffer.alloc(10_000, 0x20) }).subarray(0, 3000))
      // Before back-pressure nothing timed such a socket out: this times out.
      await waitFor(() => client.socket.destroyed || client.socket.readableEnded, 10_000)
      await client.closed
      // It was pinged (and could not answer: its pong would be read as the rest of the frame) before it was cut.
      expect(client.received()).toContain('\x89\x00')
      expect(log.since(mark).join('\n')).toMatch(/bridge socket cut: no answer to a ping/)
    })
  })

  it('keeps a socket that answers pings, and cuts it once it stops answering', async () => {
    const small = await smallServe({ pingIntervalMs: 300 })
    await held(small.handle, async () => {
      const mark = log.lines.length
      const ours = await new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${small.handle.port}/bridge?token=${small.handle.token}`, { origin: `http://127.0.0.1:${small.handle.port}` })
        socket.once('open', () => resolve(socket))
        socket.once('error', reject)
      })
      const client = await upgradedTo(small.handle)
      const pings = () => client.received().split('\x89\x00').length - 1
      let answered = 0
      let answering = true
      client.socket.on('data', () => {
        for (; answering && answered < pings(); answered++) client.write(frame({ opcode: OPCODE.pong }))
      })
      // Three pings answered: three rounds in which it was not cut. Before back-pressure no ping came at all.
      await waitFor(() => answered >= 3, 10_000)
      expect(client.socket.destroyed).toBe(false)
      answering = false
      await waitFor(() => client.socket.destroyed || client.socket.readableEnded, 10_000)
      expect(log.since(mark).join('\n')).toMatch(/bridge socket cut: no answer to a ping/)
      // A page of ours answers pings by itself and is still there.
      expect(ours.readyState).toBe(WebSocket.OPEN)
      ours.terminate()
    })
  })
})
