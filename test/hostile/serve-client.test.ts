/**
 * A hostile local client against serve mode: any process on this host can
 * open a TCP connection to it and send any bytes, with any Origin or Host.
 * Each input must leave serve mode alive and answering, say in its log what
 * it refused, and hand the sender neither the page's token nor anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { BridgeEvent, SocketReply } from '@shared/bridge'
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
