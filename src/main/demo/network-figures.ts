/**
 * The demo network's figures: the overview of this moment, the half-hourly
 * snapshots the series are drawn from, and throughput as a smooth daily wave
 * with noise. One source for the snapshots, a series' last point and the
 * overview, so they agree; apart from network.ts, which only records them.
 */
import { hashToUnit } from './prng'
import type { NetworkRecords } from './network-records'
import type { NetworkFigures, SeriesMetricName } from './network-types'
import type { SeriesSnapshot } from './records'

const DAY_MS = 24 * 60 * 60_000
const MAX_SERIES_POINTS = 200

/** The series figures at `t`: one source for snapshots, the series' last point and the overview. */
export function snapshotAt(seed: number, records: NetworkRecords, t: number): SeriesSnapshot {
  return {
    t,
    tps: tpsAt(seed, t),
    proofs24h: records.proofsInDayBefore(t),
    activeUsers24h: records.activeUsersInDayBefore(t),
  }
}

/** The overview at `now` (`slot`: the network's slot then). */
export function overviewFigures(seed: number, records: NetworkRecords, now: number, slot: number): NetworkFigures {
  const bucket = Math.floor(now / 2000)
  const current = snapshotAt(seed, records, now)
  return {
    tps: current.tps,
    slot,
    totalProofs: records.proofTally.total,
    proofs24h: current.proofs24h,
    avgVerifyTimeMs: 380 + Math.floor(hashToUnit(seed + 1, bucket) * 240),
    activeUsers24h: current.activeUsers24h,
    rpcLatencyMs: 25 + Math.floor(hashToUnit(seed + 2, bucket) * 70),
  }
}

/**
 * The snapshots of the `periodMs` before `now`, oldest first, thinned to at
 * most 200 points and always ending with the newest one. The figure of this
 * very moment is the overview's, not a point of the series: a series that
 * ended with it would end in a spike of a few seconds' width.
 */
export function seriesPoints(
  snapshots: readonly SeriesSnapshot[],
  metric: SeriesMetricName,
  periodMs: number,
  now: number,
): { t: number; value: number }[] {
  const since = now - periodMs
  let first = snapshots.length
  while (first > 0 && (snapshots[first - 1] as SeriesSnapshot).t >= since) first--
  let last = snapshots.length
  while (last > first && (snapshots[last - 1] as SeriesSnapshot).t > now) last--
  const stride = Math.max(1, Math.ceil((last - first) / MAX_SERIES_POINTS))
  const points: { t: number; value: number }[] = []
  // Thin from the newest backwards so the latest snapshot is always shown.
  for (let index = last - 1; index >= first; index -= stride) {
    const snapshot = snapshots[index] as SeriesSnapshot
    points.push({ t: snapshot.t, value: snapshot[metric] })
  }
  return points.reverse()
}

/** Network throughput: a smooth daily wave plus noise, the same for the same time. */
function tpsAt(seed: number, t: number): number {
  const wave = Math.sin((2 * Math.PI * (t % DAY_MS)) / DAY_MS)
  const noise = hashToUnit(seed, Math.floor(t / 2000))
  return Math.round((3000 + 700 * wave + 600 * (noise - 0.5)) * 10) / 10
}
