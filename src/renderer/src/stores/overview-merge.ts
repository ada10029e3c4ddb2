import type { Overview } from '@shared/domain'

export const OVERVIEW_KNOWN_FIELDS = [
  'status',
  'tps',
  'slot',
  'epoch',
  'totalProofs',
  'proofs24h',
  'avgVerifyTimeMs',
  'activeUsers24h',
  'rpcLatencyMs',
] as const satisfies readonly (keyof Overview)[]

export type OverviewKnownField = (typeof OVERVIEW_KNOWN_FIELDS)[number]

/**
 * Combines two overviews: the newer one's values win, but a field it lacks
 * (a live event carries fewer fields than the HTTP record) keeps the older
 * value instead of blanking its tile.
 */
export function mergeOverview(current: Overview | null, incoming: Overview): Overview {
  if (!current) return incoming
  const incomingIsNewer = incoming.observedAt >= current.observedAt
  const newer = incomingIsNewer ? incoming : current
  const older = incomingIsNewer ? current : incoming
  return {
    tps: newer.tps ?? older.tps,
    slot: newer.slot ?? older.slot,
    epoch: newer.epoch ?? older.epoch,
    totalProofs: newer.totalProofs ?? older.totalProofs,
    proofs24h: newer.proofs24h ?? older.proofs24h,
    avgVerifyTimeMs: newer.avgVerifyTimeMs ?? older.avgVerifyTimeMs,
    activeUsers24h: newer.activeUsers24h ?? older.activeUsers24h,
    rpcLatencyMs: newer.rpcLatencyMs ?? older.rpcLatencyMs,
    status: newer.status ?? older.status,
    observedAt: newer.observedAt,
    raw: { ...older.raw, ...newer.raw },
    extra: { ...older.extra, ...newer.extra },
  }
}
