import { PROOF_TYPES, type SeriesPeriod } from '@shared/domain'
import { describe, expect, it } from 'vitest'
import { DEMO_BUSY_ADDRESSES, DEMO_CIRCUITS, DEMO_START_SLOT } from './catalog'
import type { ProofFilter, SeriesMetricName } from './network'
import { allProofs, DAY, fixedClockNetwork, START } from '@test/support/demo-network-rig'
import { wireTransaction } from './wire-format'

const METRICS: readonly SeriesMetricName[] = ['tps', 'proofs24h', 'activeUsers24h']
const PERIODS: readonly SeriesPeriod[] = ['24h', '7d', '30d']

describe('DemoNetwork figures', () => {
  it('sums the last 24 hours consistently across overview, leaderboard and series', () => {
    const { network } = fixedClockNetwork()
    const overview = network.overview(START)
    expect(overview.slot).toBe(DEMO_START_SLOT)
    expect(overview.totalProofs).toBe(300)
    expect(overview.proofs24h).toBeGreaterThan(10)
    const board = network.leaderboard(100, START)
    expect(board.reduce((sum, entry) => sum + entry.proofCount, 0)).toBe(overview.proofs24h)
    expect(board).toHaveLength(overview.activeUsers24h)
    for (let index = 1; index < board.length; index++) {
      expect((board[index] as { proofCount: number }).proofCount).toBeLessThanOrEqual((board[index - 1] as { proofCount: number }).proofCount)
    }
    expect(network.leaderboard(3, START)).toEqual(board.slice(0, 3))
    expect(network.series('activeUsers24h', '24h', START).at(-1)?.value).toBe(overview.activeUsers24h)
    expect(overview.tps).toBeGreaterThan(1000)
    expect(Number.isInteger(overview.avgVerifyTimeMs) && Number.isInteger(overview.rpcLatencyMs)).toBe(true)
  })

  it('gives ascending raw snapshots inside each period, at most 200', () => {
    const { network } = fixedClockNetwork()
    for (const [period, span] of [['24h', DAY], ['7d', 7 * DAY], ['30d', 30 * DAY]] as const) {
      const points = network.series('tps', period, START)
      expect(points.length).toBeGreaterThan(40)
      expect(points.length).toBeLessThanOrEqual(200)
      expect(points.at(-1)?.t).toBe(START)
      expect((points[0] as { t: number }).t).toBeGreaterThanOrEqual(START - span)
      for (let index = 1; index < points.length; index++) {
        expect((points[index] as { t: number }).t).toBeGreaterThan((points[index - 1] as { t: number }).t)
      }
    }
  })

  it('ends every series with its newest half-hourly snapshot, not with the figure of this moment', () => {
    const { network, setNow } = fixedClockNetwork({ rate: 500 })
    // 6000 proofs in 12 s: far more than the last half-hourly snapshot (at START) knows of.
    for (let second = 1; second <= 12; second++) {
      setNow(START + second * 1000)
      network.tick()
    }
    const overview = network.overview()
    expect(overview.proofs24h).toBeGreaterThan(6000)
    const atStart = network.overview(START)

    for (const metric of METRICS) {
      for (const period of PERIODS) {
        const points = network.series(metric, period)
        // A point of the series (the snapshot at START), a regular step after the one before it.
        expect(points.at(-1)).toEqual({ t: START, value: metric === 'tps' ? atStart.tps : atStart[metric] })
        expect(points.length).toBeLessThanOrEqual(200)
        const steps = new Set(points.slice(1).map((point, index) => point.t - (points[index] as { t: number }).t))
        expect(steps.size).toBe(1)
      }
    }
    // Once the next half hour falls due, the series moves on to it.
    setNow(START + 30 * 60_000)
    network.tick()
    expect(network.series('proofs24h', '24h').at(-1)).toEqual({ t: START + 30 * 60_000, value: network.overview().proofs24h })
  })

  it.each([
    ['everything held', {}],
    ['the oldest proofs forgotten', { maxProofs: 2500, maxTransactions: 6000 }],
  ] as const)('keeps its figures in agreement after a busy spell, with %s', (_name, retention) => {
    const { network, setNow } = fixedClockNetwork({ rate: 300, ...retention })
    const atStart = { proofs24h: network.overview(START).proofs24h, activeUsers24h: network.overview(START).activeUsers24h }
    for (let second = 1; second <= 10; second++) {
      setNow(START + second * 1000)
      network.tick()
    }
    const now = START + 10_000
    const overview = network.overview()

    // Every count of proofs ever published agrees with totalProofs.
    const total = (filter: Omit<ProofFilter, 'limit'>): number => network.listProofs({ ...filter, limit: 1 }).total
    const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0)
    expect(overview.totalProofs).toBe(3300)
    expect(total({})).toBe(overview.totalProofs)
    expect(sum(PROOF_TYPES.map((type) => total({ type })))).toBe(overview.totalProofs)
    expect(sum(DEMO_CIRCUITS.map((circuit) => total({ circuitId: circuit.id })))).toBe(overview.totalProofs)
    expect(sum(network.authorities.map((authority) => total({ authority })))).toBe(overview.totalProofs)
    const authority = DEMO_BUSY_ADDRESSES[0] as string
    expect(sum(PROOF_TYPES.map((type) => total({ authority, type })))).toBe(total({ authority }))
    expect(sum(DEMO_CIRCUITS.map((circuit) => total({ authority, circuitId: circuit.id })))).toBe(total({ authority }))
    expect(total({ circuitId: 6, type: 'MEMBERSHIP' })).toBe(total({ circuitId: 6 }))
    expect(total({ circuitId: 6, type: 'AGE' })).toBe(0)

    // The last 24 hours: overview, leaderboard and the listed proofs tell the same story.
    const lastDay = allProofs(network, {}, 200).filter((proof) => proof.timeMs > now - DAY && proof.timeMs <= now)
    expect(overview.proofs24h).toBe(lastDay.length)
    const perAuthority = new Map<string, number>()
    for (const proof of lastDay) perAuthority.set(proof.authority, (perAuthority.get(proof.authority) ?? 0) + 1)
    expect(overview.activeUsers24h).toBe(perAuthority.size)
    const board = network.leaderboard(100)
    expect(board).toHaveLength(overview.activeUsers24h)
    expect(sum(board.map((entry) => entry.proofCount))).toBe(overview.proofs24h)
    for (const entry of board) expect(entry.proofCount).toBe(perAuthority.get(entry.pubkey))
    // The series end at the newest half-hourly snapshot (START), which counted what was there then.
    expect(network.series('proofs24h', '7d').at(-1)?.value).toBe(atStart.proofs24h)
    expect(network.series('activeUsers24h', '30d').at(-1)?.value).toBe(atStart.activeUsers24h)
  })

  it('advances the slot with the clock, one every 400 ms', () => {
    const { network, setNow } = fixedClockNetwork()
    setNow(START + 4000)
    expect(network.overview().slot).toBe(DEMO_START_SLOT + 10)
    expect(wireTransaction(network.publishTransaction()).slot).toBe(String(DEMO_START_SLOT + 10))
  })
})
