/**
 * The dashboard's chart and the tile beside it name the same figure (the
 * series' points are "proofs in the 24 hours before t"), so the chart's last
 * point and the tile should agree up to what moved since that point was
 * taken. When an indexer's series and its overview disagree beyond that,
 * the chart says so instead of showing both without comment.
 */
import type { Overview, SeriesPoint } from '@shared/domain'

export type GapMetric = 'proofs' | 'tps' | 'activeUsers24h'

export interface SeriesTileGap {
  /** The chart's newest point. */
  latest: number
  /** The overview's figure for the same metric. */
  tile: number
}

/** A point older than this says little about now: no comparison. */
const COMPARABLE_AGE_MS = 2 * 60 * 60 * 1000
/** Counts over 24 hours move slowly: a quarter apart (and more than a few) is a disagreement. */
const COUNT_TOLERANCE = 0.25
const COUNT_FLOOR = 10
/** Throughput is noisy from one second to the next: only a factor of two counts. */
const RATE_TOLERANCE = 0.5

export function seriesTileGap(metric: GapMetric, points: readonly SeriesPoint[], overview: Overview | null | undefined): SeriesTileGap | null {
  const last = points.at(-1)
  if (!last || !overview || !Number.isFinite(last.value)) return null
  const tile = tileValue(metric, overview)
  if (tile === null) return null
  if (Math.abs(overview.observedAt - last.t) > COMPARABLE_AGE_MS) return null
  const difference = Math.abs(tile - last.value)
  const larger = Math.max(Math.abs(tile), Math.abs(last.value))
  const tolerance = metric === 'tps' ? RATE_TOLERANCE * larger : Math.max(COUNT_TOLERANCE * larger, COUNT_FLOOR)
  return difference > tolerance ? { latest: last.value, tile } : null
}

function tileValue(metric: GapMetric, overview: Overview): number | null {
  const raw = metric === 'proofs' ? overview.proofs24h : metric === 'activeUsers24h' ? overview.activeUsers24h : overview.tps
  if (raw === null || raw === undefined) return null
  const value = Number(raw)
  return Number.isFinite(value) ? value : null
}
