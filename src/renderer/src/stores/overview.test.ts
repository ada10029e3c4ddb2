import { beforeEach, describe, expect, it } from 'vitest'
import type { Overview } from '@shared/domain'
import { deferred } from '@test/support/renderer/deferred'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection, makeOverview } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useConnectionStore } from './connection'
import { useOverviewStore } from './overview'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('overview store', () => {
  it('is loading until the overview arrives, then holds it', async () => {
    const answer = deferred<Overview>()
    bridge.handle('getOverview', () => answer.promise)
    const overview = useOverviewStore()
    const loaded = overview.ensureLoaded()
    expect(overview.loading).toBe(true)
    expect(overview.overview).toBeNull()
    answer.resolve(makeOverview({ slot: '42' }))
    await loaded
    expect(overview.loading).toBe(false)
    expect(overview.overview?.slot).toBe('42')
    await overview.ensureLoaded()
    expect(bridge.callsOf('getOverview')).toHaveLength(1)
  })

  it('stores a failure as ErrorInfo and clears it on a successful retry', async () => {
    bridge.fail('getOverview', { code: 'TIMEOUT', message: 'too slow', retryable: true })
    const overview = useOverviewStore()
    await overview.load()
    expect(overview.error).toEqual({ code: 'TIMEOUT', message: 'too slow', retryable: true })
    bridge.handle('getOverview', () => makeOverview())
    await overview.retry()
    expect(overview.error).toBeNull()
    expect(overview.overview).not.toBeNull()
  })

  it('applies live overview events, keeping fields the event lacks', async () => {
    bridge.handle('getOverview', () => makeOverview({ slot: '1', status: 'online', observedAt: 1 }))
    const overview = useOverviewStore()
    await overview.load()
    bridge.emit('overview', makeOverview({ slot: '2', status: null, observedAt: 2, extra: { queueDepth: 9 } }))
    expect(overview.overview?.slot).toBe('2')
    expect(overview.overview?.status).toBe('online')
    expect(overview.overview?.extra).toEqual({ queueDepth: 9 })
  })

  it('asks again when the connection recovers', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    bridge.fail('getOverview', { code: 'UNREACHABLE', message: 'down' })
    const connection = useConnectionStore()
    await connection.start()
    const overview = useOverviewStore()
    await overview.load()
    expect(overview.error?.code).toBe('UNREACHABLE')

    bridge.handle('getOverview', () => makeOverview({ slot: '77' }))
    bridge.emit('connection', makeConnection({ http: 'unreachable' }))
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsOf('getOverview')).toHaveLength(2)
    expect(overview.error).toBeNull()
    expect(overview.overview?.slot).toBe('77')
  })
})
