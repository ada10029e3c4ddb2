import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ErrorInfo } from '@shared/domain'
import { BRIDGE_MAX_REQUEST_BYTES, BRIDGE_TOKEN_REFUSED, BRIDGE_TOO_FAR_BEHIND, BRIDGE_TOO_FAR_BEHIND_REASON } from '@shared/bridge'
import { ProofWatchError } from '@shared/errors'
import { FakeWebSocket } from '@test/support/renderer/fake-websocket'
import { makeConnection, makeOverview, makeProofSummary } from '@test/support/renderer/fixtures'
import { isAccessRefused, TOKEN_REFUSED_MESSAGE } from './access-refused'
import { createSocketBridge, type SocketBridge } from './socket-bridge'

const URL = 'ws://127.0.0.1:5000/bridge?token=t0k'

let bridge: SocketBridge

function open(options: Parameters<typeof createSocketBridge>[1] = {}): FakeWebSocket {
  bridge = createSocketBridge(URL, { WebSocket: FakeWebSocket, reconnectDelaysMs: [100, 200, 400], ...options })
  return FakeWebSocket.latest()
}

async function rejection(promise: Promise<unknown>): Promise<ProofWatchError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProofWatchError)
  return error as ProofWatchError
}

beforeEach(() => {
  FakeWebSocket.reset()
  vi.useFakeTimers()
})

afterEach(() => {
  bridge.close()
  vi.useRealTimers()
})

describe('createSocketBridge', () => {
  it('connects to the given url', () => {
    const socket = open()
    expect(socket.url).toBe(URL)
  })

  it('queues requests until the socket opens, then sends them in order', async () => {
    const socket = open()
    const overview = bridge.getOverview()
    const proof = bridge.getProof('Acct1')
    expect(socket.sent).toEqual([])

    socket.serverOpens()
    expect(socket.sentRequests()).toEqual([
      { id: 1, method: 'getOverview', args: [] },
      { id: 2, method: 'getProof', args: ['Acct1'] },
    ])

    const expected = makeOverview()
    socket.serverSends({ id: 1, result: expected })
    await expect(overview).resolves.toEqual(expected)
    socket.serverSends({ id: 2, error: { code: 'NOT_FOUND', message: 'no proof', status: 404 } })
    const error = await rejection(proof)
    expect(error.toInfo()).toEqual({ code: 'NOT_FOUND', message: 'no proof', status: 404, retryable: false })
  })

  it('matches replies to requests by id, in any order', async () => {
    const socket = open()
    socket.serverOpens()
    const first = bridge.listProofs({ type: 'AGE' })
    const second = bridge.listTransactions({ pubkey: 'P' })
    const [firstRequest, secondRequest] = socket.sentRequests()
    expect(firstRequest?.args).toEqual([{ type: 'AGE' }])
    socket.serverSends({ id: secondRequest?.id, result: 'second' })
    socket.serverSends({ id: firstRequest?.id, result: 'first' })
    await expect(first).resolves.toBe('first')
    await expect(second).resolves.toBe('second')
  })

  it('dispatches pushed event batches to the listeners of each event', () => {
    const socket = open()
    socket.serverOpens()
    const overviews: unknown[] = []
    const proofs: unknown[] = []
    bridge.on('overview', (payload) => overviews.push(payload))
    const stop = bridge.on('proofs', (payload) => proofs.push(payload))

    const overview = makeOverview()
    const batch = [makeProofSummary(1)]
    socket.serverSends({ events: [{ event: 'overview', payload: overview }, { event: 'proofs', payload: batch }] })
    expect(overviews).toEqual([overview])
    expect(proofs).toEqual([batch])

    stop()
    socket.serverSends({ events: [{ event: 'proofs', payload: batch }] })
    expect(proofs).toHaveLength(1)
  })

  it('keeps dispatching when one listener throws', () => {
    const socket = open()
    socket.serverOpens()
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {})
    const seen: unknown[] = []
    bridge.on('connection', () => {
      throw new Error('listener bug')
    })
    bridge.on('connection', (state) => seen.push(state))
    socket.serverSends({ events: [{ event: 'connection', payload: makeConnection() }] })
    expect(seen).toHaveLength(1)
    expect(errorLog).toHaveBeenCalled()
    errorLog.mockRestore()
  })

  it('reports a message it cannot read as a problem event', () => {
    const socket = open()
    socket.serverOpens()
    const problems: ErrorInfo[] = []
    bridge.on('problem', (info) => problems.push(info))
    socket.serverSends('not json{')
    socket.serverSends({ hello: 'world' })
    expect(problems.map((p) => p.code)).toEqual(['DECODE', 'DECODE'])
    expect(problems[0]?.received).toBe('not json{')
  })

  it('reports an event without a name as a problem, and refuses to listen for an unknown event', () => {
    const socket = open()
    socket.serverOpens()
    const problems: ErrorInfo[] = []
    bridge.on('problem', (info) => problems.push(info))
    socket.serverSends({ events: [{ payload: 1 }] })
    expect(problems.map((p) => [p.code, p.message])).toEqual([['DECODE', 'The bridge sent an event without a name.']])
    expect(() => bridge.on('nope' as 'proofs', () => {})).toThrow(ProofWatchError)
  })

  it('rejects in-flight requests with UNREACHABLE when the socket drops, then reconnects with backoff', async () => {
    const first = open()
    first.serverOpens()
    const inFlight = bridge.getConnection()
    first.serverCloses()

    const error = await rejection(inFlight)
    expect(error.code).toBe('UNREACHABLE')
    expect(error.retryable).toBe(true)

    expect(FakeWebSocket.instances).toHaveLength(1)
    vi.advanceTimersByTime(99)
    expect(FakeWebSocket.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(2)

    // Waits grow while attempts keep failing.
    FakeWebSocket.latest().serverCloses()
    vi.advanceTimersByTime(199)
    expect(FakeWebSocket.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(3)

    // A request made while reconnecting goes out once the new socket opens.
    const later = bridge.getSettings()
    const third = FakeWebSocket.latest()
    third.serverOpens()
    const [request] = third.sentRequests()
    expect(request?.method).toBe('getSettings')
    third.serverSends({ id: request?.id, result: { profiles: [], activeProfileId: 'demo' } })
    await expect(later).resolves.toEqual({ profiles: [], activeProfileId: 'demo' })
  })

  it('starts the backoff over after a successful reconnect', () => {
    open().serverOpens()
    FakeWebSocket.latest().serverCloses()
    vi.advanceTimersByTime(100)
    FakeWebSocket.latest().serverCloses()
    vi.advanceTimersByTime(200)
    FakeWebSocket.latest().serverOpens()
    FakeWebSocket.latest().serverCloses()
    const count = FakeWebSocket.instances.length
    vi.advanceTimersByTime(100)
    expect(FakeWebSocket.instances).toHaveLength(count + 1)
  })

  it('rejects waiting requests when a connection attempt fails instead of hanging', async () => {
    const socket = open()
    const waiting = bridge.getOverview()
    socket.serverCloses()
    expect((await rejection(waiting)).code).toBe('UNREACHABLE')
  })

  it('keeps pushing events after a reconnect without emitting anything itself', () => {
    open().serverOpens()
    const events: string[] = []
    bridge.on('connection', () => events.push('connection'))
    bridge.on('problem', () => events.push('problem'))
    FakeWebSocket.latest().serverCloses()
    vi.advanceTimersByTime(100)
    const second = FakeWebSocket.latest()
    second.serverOpens()
    expect(events).toEqual([])
    second.serverSends({ events: [{ event: 'connection', payload: makeConnection() }] })
    expect(events).toEqual(['connection'])
  })

  it('stops for good when serve mode refuses the token, failing every request with a clear message', async () => {
    const socket = open()
    const waiting = bridge.getOverview()
    // Serve mode accepts the socket, then closes it at once.
    socket.serverOpens()
    const sent = bridge.getSettings()
    socket.serverCloses(BRIDGE_TOKEN_REFUSED)

    for (const promise of [waiting, sent, bridge.getConnection()]) {
      const error = await rejection(promise)
      expect(error.code).toBe('ACCESS_REFUSED')
      expect(error.message).toBe(TOKEN_REFUSED_MESSAGE)
      expect(error.retryable).toBe(false)
      expect(isAccessRefused(error.toInfo())).toBe(true)
    }
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('is refused after a reconnect too, when serve mode was restarted meanwhile', async () => {
    open().serverOpens()
    FakeWebSocket.latest().serverCloses()
    vi.advanceTimersByTime(100)
    const waiting = bridge.getOverview()
    const second = FakeWebSocket.latest()
    second.serverOpens()
    second.serverCloses(BRIDGE_TOKEN_REFUSED)
    expect((await rejection(waiting)).message).toBe(TOKEN_REFUSED_MESSAGE)
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(2)
  })

  it('refuses a request larger than the bridge takes, without sending it, and keeps the socket for the next', async () => {
    const socket = open()
    socket.serverOpens()
    const ids = Array.from({ length: 8000 }, (_, index) => `notification-${index}-${'x'.repeat(30)}`)
    expect(JSON.stringify(ids).length).toBeGreaterThan(BRIDGE_MAX_REQUEST_BYTES)
    const error = await rejection(bridge.markNotificationsRead(ids))
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^markNotificationsRead asks too much at once \(\d+ KB; the bridge takes up to 256 KB\)/) })
    expect(socket.sent).toEqual([])
    const overview = bridge.getOverview()
    expect(socket.sentRequests()).toEqual([{ id: 2, method: 'getOverview', args: [] }])
    socket.serverSends({ id: 2, result: makeOverview() })
    await expect(overview).resolves.toEqual(makeOverview())
  })

  it('shows why serve mode closed a page that stopped reading (4408), and reconnects', async () => {
    const socket = open()
    socket.serverOpens()
    const sent = bridge.getOverview()
    socket.serverCloses(BRIDGE_TOO_FAR_BEHIND, BRIDGE_TOO_FAR_BEHIND_REASON)
    const error = await rejection(sent)
    expect(error.code).toBe('UNREACHABLE')
    // Before serve mode's reason was passed on, this was only "The connection to ProofWatch was lost."
    expect(error.message).toBe(`The connection to ProofWatch was lost. ${BRIDGE_TOO_FAR_BEHIND_REASON} (close code ${BRIDGE_TOO_FAR_BEHIND}).`)
    // Not refused: a page that reads again gets a new socket.
    vi.advanceTimersByTime(100)
    expect(FakeWebSocket.instances).toHaveLength(2)
  })

    it('times out a request that never gets a reply', async () => {
    const socket = open({ requestTimeoutMs: 1_000 })
    socket.serverOpens()
    const pending = bridge.getOverview()
    vi.advanceTimersByTime(1_000)
    const error = await rejection(pending)
    expect(error.code).toBe('TIMEOUT')
    // A late reply is ignored rather than thrown.
    expect(() => socket.serverSends({ id: 1, result: {} })).not.toThrow()
  })

  it('close() rejects pending requests, closes the socket and stops reconnecting', async () => {
    const socket = open()
    socket.serverOpens()
    const pending = bridge.getOverview()
    bridge.close()
    expect((await rejection(pending)).code).toBe('UNREACHABLE')
    expect(socket.closedWith?.code).toBe(1000)
    vi.advanceTimersByTime(10_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect((await rejection(bridge.getOverview())).code).toBe('UNREACHABLE')
  })

  it('implements every bridge method', () => {
    const socket = open()
    socket.serverOpens()
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['getOverview', () => bridge.getOverview()],
      ['getSeries', () => bridge.getSeries({ metric: 'proofs', period: '7d' })],
      ['getLeaderboard', () => bridge.getLeaderboard({ period: '24h' })],
      ['listProofs', () => bridge.listProofs({})],
      ['getProof', () => bridge.getProof('a')],
      ['listTransactions', () => bridge.listTransactions({})],
      ['getTransaction', () => bridge.getTransaction('s')],
      ['getSettings', () => bridge.getSettings()],
      ['updateSettings', () => bridge.updateSettings({ theme: 'dark' })],
      ['getConnection', () => bridge.getConnection()],
      ['getRecentProofs', () => bridge.getRecentProofs()],
    ]
    for (const [, call] of calls) void call().catch(() => {})
    expect(socket.sentRequests().map((r) => r.method)).toEqual(calls.map(([name]) => name))
  })
})
