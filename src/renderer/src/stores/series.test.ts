import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection, makeSeries } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useConnectionStore } from './connection'
import { useSeriesStore } from './series'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
  bridge.handle('getSeries', (query) => makeSeries(query.period, query.period === '30d' ? 0 : 4))
})

describe('series store', () => {
  it('asks for the proofs metric of the chosen period', async () => {
    const series = useSeriesStore()
    await series.select('7d')
    expect(bridge.callsOf('getSeries')).toEqual([[{ metric: 'proofs', period: '7d' }]])
    expect(series.period).toBe('7d')
    expect(series.current.series?.points).toHaveLength(4)
  })

  it('caches each period', async () => {
    const series = useSeriesStore()
    await series.select('24h')
    await series.select('7d')
    await series.select('24h')
    expect(bridge.callsOf('getSeries').map(([query]) => query.period)).toEqual(['24h', '7d'])
    expect(series.current.series?.period).toBe('24h')
  })

  it('marks the period loading while it is fetched', () => {
    const series = useSeriesStore()
    void series.select('30d')
    expect(series.current.loading).toBe(true)
  })

  it('asks for another metric in the shown period and caches each metric apart', async () => {
    const series = useSeriesStore()
    await series.select('7d')
    await series.selectMetric('tps')
    expect(series.metricInfo.label).toBe('TPS')
    await series.selectMetric('proofs')
    await series.selectMetric('tps')
    expect(bridge.callsOf('getSeries')).toEqual([[{ metric: 'proofs', period: '7d' }], [{ metric: 'tps', period: '7d' }]])
    expect(series.current.series?.period).toBe('7d')
  })

  it('keeps an error per period and retries the shown one', async () => {
    bridge.fail('getSeries', { code: 'HTTP', message: 'metric rejected', status: 400, serverCode: 'VALIDATION_FAILED' })
    const series = useSeriesStore()
    await series.select('24h')
    expect(series.current.error?.serverCode).toBe('VALIDATION_FAILED')
    expect(series.current.series).toBeNull()

    bridge.handle('getSeries', (query) => makeSeries(query.period))
    await series.retry()
    expect(series.current.error).toBeNull()
    expect(series.current.series?.points).toHaveLength(3)
  })
})

/** Lets the watches run and the requests they started answer. */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

describe('series store and the connection', () => {
  it('asks the shown period again after an outage, and forgets every period for another indexer', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    const connection = useConnectionStore()
    await connection.start()
    const series = useSeriesStore()
    await series.select('7d')
    bridge.fail('getSeries', { code: 'UNREACHABLE', message: 'down' })
    await series.select('24h')
    expect(series.current.error?.code).toBe('UNREACHABLE')

    bridge.handle('getSeries', (query) => makeSeries(query.period, 2))
    bridge.emit('connection', makeConnection({ http: 'unreachable' }))
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await settled()
    expect(series.current.error).toBeNull()
    expect(series.current.series?.points).toHaveLength(2)

    bridge.emit('connection', makeConnection({ demo: false, httpUrl: 'https://indexer.example' }))
    await nextTick()
    expect(series.current.series).toBeNull()
    expect(series.current.loading).toBe(true)
    await settled()
    expect(series.current.series?.period).toBe('24h')
    await series.select('7d')
    expect(bridge.callsOf('getSeries').map(([query]) => query.period)).toEqual(['7d', '24h', '24h', '24h', '7d'])
  })
})
