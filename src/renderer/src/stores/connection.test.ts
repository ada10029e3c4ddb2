import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { accessRefusedError, NO_TOKEN_MESSAGE, TOKEN_REFUSED_MESSAGE } from '@renderer/bridge/access-refused'
import { CONNECTION_POLL_MS, CONNECTION_RETRY_DELAYS_MS, PROBLEM_DISMISS_MS, useConnectionStore } from './connection'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

afterEach(() => {
  vi.useRealTimers()
})

describe('connection store', () => {
  it('loads the state once and exposes demo flag, labels and url', async () => {
    bridge.handle('getConnection', () => makeConnection({ demo: true, httpUrl: 'http://127.0.0.1:4100' }))
    const connection = useConnectionStore()
    await connection.start()
    await connection.start()
    expect(bridge.callsOf('getConnection')).toHaveLength(1)
    expect(connection.demo).toBe(true)
    expect(connection.indexerUrl).toBe('http://127.0.0.1:4100')
    expect(connection.socketLabel).toBe('Live')
    expect(connection.httpLabel).toBe('HTTP ok')
    expect(connection.tone).toBe('ok')
    expect(connection.reason).toBeNull()
  })

  it('says Live only when the indexer pushes everything followed', async () => {
    const polled = { kind: 'address' as const, how: 'polled' as const, intervalMs: 15_000, lastCheckAt: null, nextCheckAt: null, reason: 'this indexer does not push it', addresses: [] }
    const pushed = { ...polled, kind: 'proofs' as const, how: 'pushed' as const, intervalMs: null, reason: 'pushed by this indexer' }
    bridge.handle('getConnection', () => ({ ...makeConnection(), following: [pushed, polled] }))
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.socketLabel).toBe('Connected · partly polled')
    expect(connection.tone).toBe('ok')
    expect(connection.polledEveryMs('address')).toBe(15_000)
    expect(connection.polledEveryMs('proofs')).toBeNull()
    bridge.emit('connection', { ...makeConnection(), following: [pushed, { ...polled, how: 'pushed', intervalMs: null }] })
    expect(connection.socketLabel).toBe('Live')
  })

  it('follows pushed connection events and gives the reason when not live', async () => {
    bridge.handle('getConnection', () => makeConnection())
    const connection = useConnectionStore()
    await connection.start()
    bridge.emit('connection', makeConnection({ socket: 'backing-off', reason: 'socket closed (1006)' }))
    expect(connection.socketState).toBe('backing-off')
    expect(connection.socketLabel).toBe('Reconnecting')
    expect(connection.reason).toBe('socket closed (1006)')
    expect(connection.tone).toBe('busy')
  })

  it('does not let a slow answer overwrite a newer pushed state', async () => {
    let answer: (value: ReturnType<typeof makeConnection>) => void = () => {}
    bridge.handle('getConnection', () => new Promise((resolve) => (answer = resolve)))
    const connection = useConnectionStore()
    const started = connection.start()
    bridge.emit('connection', makeConnection({ socket: 'offline' }))
    answer(makeConnection({ socket: 'live' }))
    await started
    expect(connection.socketState).toBe('offline')
  })

  it('counts a recovery when http goes from unreachable to ok', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.recoveries).toBe(0)
    bridge.emit('connection', makeConnection({ http: 'unreachable' }))
    bridge.emit('connection', makeConnection({ http: 'unknown' }))
    expect(connection.recoveries).toBe(0)
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    expect(connection.recoveries).toBe(1)
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    expect(connection.recoveries).toBe(1)
  })

  it('counts indexer changes when another indexer is configured', async () => {
    bridge.handle('getConnection', () => makeConnection({ demo: true }))
    const connection = useConnectionStore()
    await connection.start()
    bridge.emit('connection', makeConnection({ demo: true, socket: 'connecting' }))
    expect(connection.indexerChanges).toBe(0)
    bridge.emit('connection', makeConnection({ demo: false, httpUrl: 'https://indexer.example' }))
    expect(connection.indexerChanges).toBe(1)
    expect(connection.demo).toBe(false)
  })

  it('keeps asking while the bridge cannot be reached, then counts a recovery', async () => {
    vi.useFakeTimers()
    bridge.fail('getConnection', { code: 'UNREACHABLE', message: 'ProofWatch cannot be reached.' })
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.error?.code).toBe('UNREACHABLE')
    expect(connection.socketLabel).toBe('ProofWatch unreachable')
    expect(connection.reason).toBe('ProofWatch cannot be reached.')
    expect(connection.tone).toBe('bad')
    expect(connection.httpLabel).toBeNull()

    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    await vi.advanceTimersByTimeAsync(CONNECTION_RETRY_DELAYS_MS[0])
    expect(bridge.callsOf('getConnection')).toHaveLength(2)
    expect(connection.error).toBeNull()
    expect(connection.recoveries).toBe(1)
  })

  it('notices by polling when the bridge goes away without a word', async () => {
    vi.useFakeTimers()
    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.isLive).toBe(true)

    bridge.fail('getConnection', { code: 'UNREACHABLE', message: 'The connection to ProofWatch was lost.' })
    await vi.advanceTimersByTimeAsync(CONNECTION_POLL_MS)
    expect(connection.isLive).toBe(false)
    expect(connection.reason).toBe('The connection to ProofWatch was lost.')

    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    await vi.advanceTimersByTimeAsync(CONNECTION_RETRY_DELAYS_MS[0])
    expect(connection.isLive).toBe(true)
    expect(connection.recoveries).toBe(1)
  })

  it('collects problem events, newest first, and lets them be dismissed', () => {
    const connection = useConnectionStore()
    bridge.emit('problem', { code: 'DECODE', message: 'first' })
    bridge.emit('problem', { code: 'DECODE', message: 'second' })
    expect(connection.problems.map((p) => p.info.message)).toEqual(['second', 'first'])
    connection.dismissProblem(connection.problems[0]!.key)
    expect(connection.problems.map((p) => p.info.message)).toEqual(['first'])
  })

  it('counts identical problems in one entry that moves to the top, and keeps at most five', () => {
    const connection = useConnectionStore()
    for (let i = 0; i < 12; i++) bridge.emit('problem', { code: 'DECODE', message: 'bad frame', received: `{${i}` })
    bridge.emit('problem', { code: 'SOCKET', message: 'channel refused' })
    expect(connection.problems.map((p) => [p.info.code, p.count])).toEqual([
      ['SOCKET', 1],
      ['DECODE', 12],
    ])
    // Same message, other code: a different problem.
    bridge.emit('problem', { code: 'SOCKET', message: 'bad frame' })
    bridge.emit('problem', { code: 'DECODE', message: 'bad frame' })
    expect(connection.problems.map((p) => [p.info.code, p.info.message, p.count])).toEqual([
      ['DECODE', 'bad frame', 13],
      ['SOCKET', 'bad frame', 1],
      ['SOCKET', 'channel refused', 1],
    ])
    expect(connection.problems[0]?.info.received).toBeUndefined()

    for (let i = 0; i < 8; i++) bridge.emit('problem', { code: 'HTTP', message: `other ${i}` })
    expect(connection.problems).toHaveLength(5)
    expect(connection.problems[0]?.info.message).toBe('other 7')
  })

  it('keeps a dismissed problem hidden until it recurs after a minute', () => {
    vi.useFakeTimers()
    const connection = useConnectionStore()
    const problem = { code: 'DECODE', message: 'bad frame' } as const
    bridge.emit('problem', problem)
    connection.dismissProblem(connection.problems[0]!.key)
    vi.advanceTimersByTime(PROBLEM_DISMISS_MS - 1_000)
    bridge.emit('problem', problem)
    expect(connection.problems).toEqual([])

    vi.advanceTimersByTime(1_000)
    bridge.emit('problem', problem)
    expect(connection.problems.map((p) => p.count)).toEqual([1])
  })

  it('shows a dismissed problem again once a different problem came in between', () => {
    vi.useFakeTimers()
    const connection = useConnectionStore()
    bridge.emit('problem', { code: 'DECODE', message: 'bad frame' })
    connection.dismissProblem(connection.problems[0]!.key)
    bridge.emit('problem', { code: 'SOCKET', message: 'channel refused' })
    expect(connection.problems.map((p) => p.info.code)).toEqual(['SOCKET'])
    vi.advanceTimersByTime(1_000)
    bridge.emit('problem', { code: 'DECODE', message: 'bad frame' })
    expect(connection.problems.map((p) => p.info.code)).toEqual(['DECODE', 'SOCKET'])
  })

  it('tells a refused page apart from an unreachable ProofWatch, and stops asking', async () => {
    vi.useFakeTimers()
    bridge.fail('getConnection', accessRefusedError(TOKEN_REFUSED_MESSAGE).toInfo())
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.accessRefused).toBe(true)
    expect(connection.socketState).toBe('refused')
    expect(connection.socketLabel).toBe('Access refused')
    expect(connection.reason).toBe(TOKEN_REFUSED_MESSAGE)
    expect(connection.tone).toBe('bad')
    expect(connection.dataStale).toBe(true)
    // No quick retries: only the steady poll asks again.
    await vi.advanceTimersByTimeAsync(CONNECTION_POLL_MS - 1)
    expect(bridge.callsOf('getConnection')).toHaveLength(1)
  })

  it('says a page without a token has no access', async () => {
    bridge.fail('getConnection', accessRefusedError(NO_TOKEN_MESSAGE).toInfo())
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.socketLabel).toBe('Access refused')
    expect(connection.reason).toBe(NO_TOKEN_MESSAGE)
  })

  it('calls the data stale unless the socket is live and HTTP is not failing', async () => {
    bridge.handle('getConnection', () => makeConnection())
    const connection = useConnectionStore()
    await connection.start()
    expect(connection.dataStale).toBe(false)
    bridge.emit('connection', makeConnection({ socket: 'backing-off' }))
    expect(connection.dataStale).toBe(true)
    bridge.emit('connection', makeConnection({ http: 'error' }))
    expect(connection.dataStale).toBe(true)
    bridge.emit('connection', makeConnection({ http: 'unreachable' }))
    expect(connection.dataStale).toBe(true)
    bridge.emit('connection', makeConnection({ http: 'unknown' }))
    expect(connection.dataStale).toBe(false)
  })
})

describe('connection store with no state yet', () => {
  it('says it is connecting', () => {
    const connection = useConnectionStore()
    expect(connection.socketLabel).toBe('Connecting')
    expect(connection.demo).toBe(false)
  })
})
