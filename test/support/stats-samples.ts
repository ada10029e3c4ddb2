/**
 * The reference deployment's recorded overview, time series and leaderboard
 * answers through the decoders, as cases of the wire-samples test (used by
 * tests only).
 */
import { expect } from 'vitest'
import type { SeriesPeriod } from '@shared/domain'
import { decodeLeaderboard, decodeOverview, decodeSeries } from '../../src/main/core/indexer/decode'
import { errorOf, loadHttp, requestUrl } from './wire-sample-files'

function series(name: string) {
  const sample = loadHttp(name)
  const query = requestUrl(sample).searchParams
  const period = (query.get('period') ?? '7d') as SeriesPeriod
  const decoded = decodeSeries(sample.body, { metric: query.get('metric') ?? 'proofs24h', period })
  const rawPoints = sample.body.data as Array<{ t: number; value: number }>
  expect(decoded.points).toHaveLength(rawPoints.length)
  expect(decoded.points[0]).toEqual(rawPoints[0])
  expect(decoded.serverMetric).toBe(sample.body.metric)
  const times = decoded.points.map((point) => point.t)
  expect(times).toEqual([...times].sort((a, b) => a - b))
  return decoded
}

function leaderboard(name: string) {
  const entries = decodeLeaderboard(loadHttp(name).body)
  expect(entries.map((entry) => entry.rank)).toEqual(entries.map((_entry, index) => index + 1))
  expect(entries[0]).toMatchObject({ rank: 1, pubkey: '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr', proofCount: '11' })
  return entries
}

export const STATS_HTTP_CASES: Record<string, () => void> = {
  'http-stats-overview.json': () => {
    const overview = decodeOverview(loadHttp('http-stats-overview.json').body, 1_000)
    expect(overview).toMatchObject({
      tps: 2505,
      slot: '356509821',
      epoch: null,
      totalProofs: '300',
      proofs24h: '45',
      avgVerifyTimeMs: 447,
      activeUsers24h: '9',
      rpcLatencyMs: 79,
      status: 'ONLINE',
      observedAt: 1_000,
      extra: {},
    })
    expect(overview.raw.status).toBe('online')
  },
  'http-stats-timeseries-defaults.json': () => {
    const decoded = series('http-stats-timeseries-defaults.json')
    expect(decoded).toMatchObject({ metric: 'proofs24h', period: '7d' })
    expect(decoded.points.at(-1)).toEqual({ t: 1795295128461, value: 45 })
  },
  'http-stats-timeseries-activeUsers24h-24h.json': () => {
    const decoded = series('http-stats-timeseries-activeUsers24h-24h.json')
    expect(decoded).toMatchObject({ metric: 'activeUsers24h', serverMetric: 'activeUsers24h', period: '24h' })
    expect(decoded.points).toHaveLength(50)
  },
  'http-stats-timeseries-proofs24h-24h.json': () => {
    expect(series('http-stats-timeseries-proofs24h-24h.json').points[0]).toEqual({ t: 1795210456461, value: 12 })
  },
  'http-stats-timeseries-proofs24h-7d.json': () => {
    expect(series('http-stats-timeseries-proofs24h-7d.json').points).toHaveLength(81)
  },
  'http-stats-timeseries-tps-30d.json': () => {
    const decoded = series('http-stats-timeseries-tps-30d.json')
    expect(decoded.points).toHaveLength(199)
    expect(decoded.points[0]).toEqual({ t: 1792719952461, value: 3578.2 })
  },
  'http-stats-timeseries-metric-proofs-400.json': () => {
    expect(errorOf(loadHttp('http-stats-timeseries-metric-proofs-400.json'))).toEqual({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: "metric: Invalid enum value. Expected 'tps' | 'proofs24h' | 'activeUsers24h', received 'proofs'",
      retryable: false,
    })
  },
  'http-stats-timeseries-period-1h-400.json': () => {
    expect(errorOf(loadHttp('http-stats-timeseries-period-1h-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: expect.stringContaining("Expected '24h' | '7d' | '30d'"),
    })
  },
  'http-stats-leaderboard.json': () => {
    const entries = leaderboard('http-stats-leaderboard.json')
    expect(entries).toHaveLength(9)
    expect(entries[8]).toMatchObject({ rank: 9, pubkey: 'HRDjj3NPLKWFPvA8yyc7HU8Xu7mozjTkokXgCB6czufV', proofCount: '1' })
  },
  'http-stats-leaderboard-limit-3.json': () => {
    const entries = leaderboard('http-stats-leaderboard-limit-3.json')
    expect(entries.map((entry) => entry.proofCount)).toEqual(['11', '10', '6'])
  },
  'http-stats-leaderboard-period-24h.json': () => {
    expect(leaderboard('http-stats-leaderboard-period-24h.json')).toHaveLength(9)
  },
  'http-stats-leaderboard-period-7d-ignored.json': () => {
    expect(leaderboard('http-stats-leaderboard-period-7d-ignored.json')).toEqual(
      leaderboard('http-stats-leaderboard-period-24h.json'),
    )
  },
}
