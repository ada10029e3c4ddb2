import type { Overview } from '@shared/domain'

/** The fields of an Overview the app knows: each has a tile, and a live event may lack it. */
export type OverviewField = Exclude<keyof Overview, 'observedAt' | 'raw' | 'extra' | 'freshness'>

/**
 * Each known field with its tile label, in tile order. `satisfies` makes a
 * field added to Overview a type error here until it has a label.
 */
export const OVERVIEW_FIELD_LABELS = {
  status: 'Status',
  tps: 'TPS',
  slot: 'Slot',
  epoch: 'Epoch',
  totalProofs: 'Total proofs',
  proofs24h: 'Proofs (24h)',
  avgVerifyTimeMs: 'Avg verify time',
  activeUsers24h: 'Active users (24h)',
  rpcLatencyMs: 'RPC latency',
} as const satisfies Record<OverviewField, string>

export const OVERVIEW_FIELDS = Object.keys(OVERVIEW_FIELD_LABELS) as OverviewField[]
