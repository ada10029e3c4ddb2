import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { makeConnection } from '@renderer/test-utils/fixtures'
import { setupStores } from '@renderer/test-utils/store-setup'
import { CONNECTION_POLL_MS, CONNECTION_RETRY_DELAYS_MS, useConnectionStore } from './connection'

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
    expect(connection.problems.map((p) => p.message)).toEqual(['second', 'first'])
    connection.dismissProblem(0)
    expect(connection.problems.map((p) => p.message)).toEqual(['first'])
  })
})

describe('connection store with no state yet', () => {
  it('says it is connecting', () => {
    const connection = useConnectionStore()
    expect(connection.socketLabel).toBe('Connecting')
    expect(connection.demo).toBe(false)
  })
})
