import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from './catalog'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from './server'
import { TestSocket, loadSample, shapeOf } from '@test/support/demo-wire'

let indexer: DemoIndexer
/** The same demo as a deployment that pushes address events and every notice (--push-address-events). */
let pushing: DemoIndexer
const sockets: TestSocket[] = []
const COOKIE = { cookie: 'theme=dark; zkhelios_session=demo' }

async function open(headers: Record<string, string> = {}, on: DemoIndexer = indexer): Promise<TestSocket> {
  const socket = await TestSocket.welcomed(on.wsUrl, headers)
  sockets.push(socket)
  return socket
}

beforeAll(async () => {
  indexer = await startDemoIndexer({ rate: 0, statsIntervalMs: 60_000 })
  pushing = await startDemoIndexer({ rate: 0, statsIntervalMs: 60_000, pushAddressEvents: true })
})

afterAll(async () => {
  await indexer.close()
  await pushing.close()
})

const ownDemos: DemoIndexer[] = []
afterEach(() => Promise.all(ownDemos.splice(0).map((demo) => demo.close())))

/** A demo of the test's own, tuned apart from the shared two, closed after the test. */
async function ownDemo(options: DemoIndexerOptions): Promise<DemoIndexer> {
  const demo = await startDemoIndexer(options)
  ownDemos.push(demo)
  return demo
}

describe('welcome and authentication', () => {
  it('welcomes anonymous and authenticated clients as the reference does', async () => {
    const anonymous = await TestSocket.open(indexer.wsUrl)
    expect(await anonymous.next()).toEqual(loadSample('ws-welcome-anonymous'))
    const byCookie = await TestSocket.open(indexer.wsUrl, COOKIE)
    expect(await byCookie.next()).toEqual(loadSample('ws-welcome-authenticated'))
    const byBearer = await TestSocket.open(indexer.wsUrl, { authorization: 'Bearer demo' })
    expect(await byBearer.next()).toEqual({ type: 'welcome', authenticated: true })
    const wrong = await TestSocket.open(indexer.wsUrl, { cookie: 'zkhelios_session=nope' })
    expect(await wrong.next()).toEqual({ type: 'welcome', authenticated: false })
    await Promise.all([anonymous, byCookie, byBearer, wrong].map((socket) => socket.close()))
  })

  it('refuses the user channels without the session, with the reference text', async () => {
    const anonymous = await open()
    expect(await anonymous.subscribe('user:notifications')).toEqual(loadSample('ws-error-user-channel-unauthenticated'))
    expect(await anonymous.subscribe('user:proofs')).toEqual({ type: 'error', error: 'Channel not allowed: user:proofs' })
    const user = await open(COOKIE)
    expect(await user.subscribe('user:notifications')).toEqual({ type: 'subscribed', channel: 'user:notifications' })
    expect(await user.subscribe('user:proofs')).toEqual({ type: 'subscribed', channel: 'user:proofs' })
  })

  it('refuses other paths than /ws', async () => {
    await expect(TestSocket.open(`${indexer.httpUrl.replace('http', 'ws')}/other`)).rejects.toThrow(/404/)
  })
})

describe('subscriptions', () => {
  it('acknowledges a subscribe, ignores a repeat, and unsubscribes silently', async () => {
    const socket = await open()
    expect(await socket.subscribe('proofs')).toEqual({ type: 'subscribed', channel: 'proofs' })
    socket.send({ type: 'subscribe', channel: 'proofs' })
    socket.send({ type: 'unsubscribe', channel: 'proofs' })
    socket.send({ type: 'unsubscribe', channel: 'never-subscribed' })
    expect(await socket.received(100)).toEqual([])
    indexer.network.publishProof()
    expect(await socket.received(100)).toEqual([])
  })

  it('answers bad input with the reference error texts', async () => {
    const socket = await open()
    socket.send('{not json')
    expect(await socket.next()).toEqual(loadSample('ws-error-invalid-json'))
    expect(await socket.subscribe('bogus:channel')).toEqual(loadSample('ws-error-bad-channel'))
    socket.send({ type: 'subscribe' })
    expect(await socket.next()).toEqual({ type: 'error', error: 'Channel not allowed: undefined' })
    for (const channel of ['address:not-base58!:txs', 'address:abc:txs', `address:${DEMO_WALLET}`, 'proofs:circuit:x']) {
      expect(await socket.subscribe(channel)).toEqual({ type: 'error', error: `Channel not allowed: ${channel}` })
    }
    socket.send({ type: 'ping' })
    socket.send('42')
    expect(await socket.received(80)).toEqual([])
  })

  it('allows ten subscriptions per connection and refuses the eleventh', async () => {
    const socket = await open()
    const channels = ['stats', 'proofs', ...[1, 2, 3, 4, 5, 6].map((id) => `proofs:circuit:${id}`), ...DEMO_BUSY_ADDRESSES.slice(0, 2).map((a) => `address:${a}:txs`)]
    for (const channel of channels) expect(await socket.subscribe(channel)).toEqual({ type: 'subscribed', channel })
    expect(await socket.subscribe(`address:${DEMO_WALLET}:txs`)).toEqual(loadSample('ws-error-11th-subscription'))
    // A repeat of a held channel is still silent at the limit; freeing one makes room.
    socket.send({ type: 'subscribe', channel: 'stats' })
    socket.send({ type: 'unsubscribe', channel: 'stats' })
    expect(await socket.subscribe(`address:${DEMO_WALLET}:txs`)).toEqual({ type: 'subscribed', channel: `address:${DEMO_WALLET}:txs` })
  })
})

describe('events of a deployment that pushes (--push-address-events)', () => {
  it('pushes proof summaries to proofs, the circuit channel and, for the wallet, user:proofs', async () => {
    const indexer = pushing
    const everyone = await open({}, pushing)
    await everyone.subscribe('proofs')
    await everyone.subscribe('proofs:circuit:2')
    const user = await open(COOKIE, pushing)
    await user.subscribe('user:proofs')
    await user.subscribe('user:notifications')

    const { proof, notification } = indexer.network.publishProof({ authority: DEMO_WALLET, circuitId: 2 })
    const summary = { proofAccount: proof.proofAccount, authority: DEMO_WALLET, circuitId: 2, proofType: 'OWNERSHIP', slot: String(proof.slot) }
    const onProofs = await everyone.next()
    expect(onProofs).toEqual({ type: 'proofs', data: summary })
    expect(shapeOf(onProofs)).toEqual(shapeOf(loadSample('ws-event-proofs')))
    expect(await everyone.next()).toEqual({ type: 'proofs:circuit:2', data: summary })
    const onUser = await user.next()
    expect(onUser).toEqual({ type: 'user:proofs', data: summary })
    expect(shapeOf(onUser)).toEqual(shapeOf(loadSample('ws-event-user-proofs')))
    const notice = await user.next()
    expect(notice).toEqual({
      type: 'user:notifications',
      data: { id: notification?.id, type: 'PROOF_VERIFIED', title: 'Proof verified', body: 'Your ownership proof was verified' },
    })
    expect(shapeOf(notice)).toEqual(shapeOf(loadSample('ws-event-user-notifications')))

    indexer.network.publishProof({ authority: DEMO_BUSY_ADDRESSES[0], circuitId: 1 })
    expect((await everyone.next()).type).toBe('proofs')
    expect(await everyone.received(50)).toEqual([])
    expect(await user.received(50)).toEqual([])

    indexer.network.revokeProof(proof.proofAccount)
    expect((await user.next()).data).toMatchObject({ type: 'PROOF_REVOKED', title: 'Proof revoked' })
    indexer.network.publishNotification('SYSTEM')
    expect((await user.next()).data).toMatchObject({ type: 'SYSTEM' })
  })

  it('pushes transaction list items to the channels of every account they touch', async () => {
    const indexer = pushing
    const payer = DEMO_BUSY_ADDRESSES[1] as string
    const socket = await open({}, pushing)
    await socket.subscribe(`address:${payer}:txs`)
    await socket.subscribe(`address:${DEMO_WALLET}:txs`)
    const tx = indexer.network.publishTransaction({ kind: 'transfer', feePayer: payer, counterparty: DEMO_WALLET })
    const first = await socket.next()
    const second = await socket.next()
    expect([first.type, second.type].sort()).toEqual([`address:${payer}:txs`, `address:${DEMO_WALLET}:txs`].sort())
    expect(first.data).toEqual(second.data)
    expect(first.data).toMatchObject({ signature: tx.signature, feePayer: payer, status: 'SUCCESS', slot: String(tx.slot) })
    expect(shapeOf(first)).toEqual(shapeOf(loadSample('ws-event-address-txs')))

    const { proof } = indexer.network.publishProof({ authority: payer })
    expect((await socket.next()).data).toMatchObject({ signature: proof.signature, feePayer: payer })
  })

  it('pushes stats every 2 s', async () => {
    const frequent = await ownDemo({ rate: 0, pushAddressEvents: true })
    expect(frequent.statsIntervalMs).toBe(2000)
    expect(frequent.pushAddressEvents).toBe(true)
  })
})

describe('events as the reference deployment pushes them (the default)', () => {
  it('accepts an address channel and never sends on it, for transfers, proofs or revocations', async () => {
    const payer = DEMO_BUSY_ADDRESSES[1] as string
    const socket = await open()
    expect(await socket.subscribe(`address:${payer}:txs`)).toEqual({ type: 'subscribed', channel: `address:${payer}:txs` })
    await socket.subscribe('proofs')
    indexer.network.publishTransaction({ kind: 'transfer', feePayer: payer, counterparty: DEMO_WALLET })
    const { proof } = indexer.network.publishProof({ authority: payer })
    indexer.network.revokeProof(proof.proofAccount)
    // The proof reaches the proofs channel; after it, nothing more comes.
    expect(await socket.next()).toMatchObject({ type: 'proofs', data: { proofAccount: proof.proofAccount } })
    expect(await socket.received(100)).toEqual([])
    // Over HTTP the address's transactions are all there.
    const listed = indexer.network.listTransactions({ pubkey: payer, limit: 3 }).items.map((tx) => tx.signature)
    expect(listed).toHaveLength(3)
  })

  it("pushes a revocation only to its author, and announcements and circuit registrations not at all", async () => {
    const user = await open(COOKIE)
    await user.subscribe('user:notifications')
    const { proof } = indexer.network.publishProof({ authority: DEMO_WALLET, circuitId: 1 })
    expect((await user.next()).data).toMatchObject({ type: 'PROOF_VERIFIED' })
    indexer.network.publishNotification('SYSTEM')
    indexer.network.publishNotification('CIRCUIT_REGISTERED')
    const revoked = indexer.network.revokeProof(proof.proofAccount)
    expect((await user.next()).data).toEqual({ id: revoked?.notification?.id, type: 'PROOF_REVOKED', title: 'Proof revoked', body: expect.any(String) })
    expect(await user.received(100)).toEqual([])
    // The announcements are in the user's list all the same.
    const types = indexer.network.inbox.list(5).items.map((item) => item.record.type)
    expect(types.slice(0, 3)).toEqual(['PROOF_REVOKED', 'CIRCUIT_REGISTERED', 'SYSTEM'])
  })

  it('pushes stats once a minute, as the reference aggregator does', async () => {
    const defaults = await ownDemo({ rate: 0 })
    expect(defaults.statsIntervalMs).toBe(60_000)
    expect(defaults.pushAddressEvents).toBe(false)
  })

  it('pushes stats with the reference fields', async () => {
    const socket = await open()
    await socket.subscribe('stats')
    indexer.publishStats()
    const event = await socket.next()
    const sample = loadSample('ws-event-stats') as { data: Record<string, unknown> }
    expect(shapeOf(event)).toEqual(shapeOf({ ...sample, data: { ...sample.data, epoch: '1' } }))
    expect(event.data).toMatchObject({ totalProofs: String(indexer.network.totalProofs) })
  })

  it('keeps every proof in order for a subscriber while thousands are published', async () => {
    const socket = await open()
    await socket.subscribe('proofs')
    const published = Array.from({ length: 2000 }, () => indexer.network.publishProof().proof.proofAccount)
    const received: string[] = []
    for (let index = 0; index < published.length; index++) received.push((await socket.next()).data?.proofAccount as string)
    expect(received).toEqual(published)
  })
})

describe('connection upkeep', () => {
  it('closes an idle connection with 1000 "idle timeout", but not one that talks', async () => {
    const quick = await ownDemo({ rate: 0, idleTimeoutMs: 150, pingIntervalMs: 40 })
    const idle = await TestSocket.welcomed(quick.wsUrl)
    const talker = await TestSocket.welcomed(quick.wsUrl)
    const keepAlive = setInterval(() => talker.send({ type: 'ping' }), 50)
    const closed = await idle.closed
    expect(closed).toEqual({ code: loadSample('ws-idle-timeout-close').code, reason: 'idle timeout' })
    expect(idle.pings).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(talker.socket.readyState).toBe(talker.socket.OPEN)
    clearInterval(keepAlive)
    expect((await talker.closed).reason).toBe('idle timeout')
  })

  it('drops a subscribe sent before a delayed welcome, like the reference with a cookie', async () => {
    const slow = await ownDemo({ rate: 0, welcomeDelayMs: 100 })
    const early = await TestSocket.open(slow.wsUrl, COOKIE)
    early.send({ type: 'subscribe', channel: 'stats' })
    expect(await early.next()).toEqual({ type: 'welcome', authenticated: true })
    expect(await early.received(50)).toEqual([])
    expect(await early.subscribe('stats')).toEqual({ type: 'subscribed', channel: 'stats' })
    const anonymous = await TestSocket.open(slow.wsUrl)
    anonymous.send({ type: 'subscribe', channel: 'stats' })
    expect((await anonymous.next()).type).toBe('welcome')
    expect(await anonymous.next()).toEqual({ type: 'subscribed', channel: 'stats' })
  })

  it('serves proofs:circuit channels unless told to refuse them like the reference', async () => {
    const strict = await ownDemo({ rate: 0, refuseCircuitChannel: true })
    const socket = await TestSocket.welcomed(strict.wsUrl)
    expect(await socket.subscribe('proofs:circuit:1')).toEqual(loadSample('ws-error-proofs-circuit-channel'))
  })

  it('counts, drops, closes and feeds raw frames to connections on demand', async () => {
    const own = await ownDemo({ rate: 0 })
    const a = await TestSocket.welcomed(own.wsUrl)
    const b = await TestSocket.welcomed(own.wsUrl)
    expect(own.connectionCount()).toBe(2)
    own.sendRawToAll('not json at all')
    expect(await a.next()).toEqual({ unparsed: 'not json at all' })
    expect(own.dropAllConnections()).toBe(2)
    expect((await a.closed).code).toBe(1006)
    await b.closed
    const c = await TestSocket.welcomed(own.wsUrl)
    expect(own.closeAllConnections(1012, 'restarting')).toBe(1)
    expect(await c.closed).toEqual({ code: 1012, reason: 'restarting' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(own.connectionCount()).toBe(0)
  })
})

describe('test controls', () => {
  it('refuses upgrades with a chosen status and Retry-After until told to stop, keeping open connections', async () => {
    const own = await ownDemo({ rate: 0 })
    const open = await TestSocket.welcomed(own.wsUrl)
    await open.subscribe('stats')
    await open.subscribe('proofs')
    own.refuseUpgrades({ status: 503, retryAfter: 7 })
    const refused = await new Promise<{ status: number | undefined; retryAfter: string | undefined }>((resolve, reject) => {
      const socket = new WebSocket(own.wsUrl)
      socket.on('unexpected-response', (_request, response) => {
        resolve({ status: response.statusCode, retryAfter: response.headers['retry-after'] })
        socket.terminate()
      })
      socket.on('error', () => {})
      socket.on('open', () => reject(new Error('upgrade was accepted')))
    })
    expect(refused).toEqual({ status: 503, retryAfter: '7' })
    own.refuseUpgrades({ status: 401 })
    await expect(TestSocket.open(own.wsUrl)).rejects.toThrow(/401/)
    expect(own.subscriptionCounts()).toEqual([2])
    own.refuseUpgrades(null)
    const again = await TestSocket.welcomed(own.wsUrl)
    expect(own.subscriptionCounts().sort()).toEqual([0, 2])
    await again.close()
  })

  it('sends raw bytes as a binary frame or as a text frame', async () => {
    const own = await ownDemo({ rate: 0 })
    const socket = await TestSocket.welcomed(own.wsUrl)
    const binary = new Promise<boolean>((resolve) => socket.socket.once('message', (_data, isBinary) => resolve(isBinary)))
    own.sendRawToAll(Buffer.from([0, 1, 2]), true)
    expect(await binary).toBe(true)
    const text = new Promise<boolean>((resolve) => socket.socket.once('message', (_data, isBinary) => resolve(isBinary)))
    own.sendRawToAll(Buffer.from('{"type":"x"}'))
    expect(await text).toBe(false)
  })
})
