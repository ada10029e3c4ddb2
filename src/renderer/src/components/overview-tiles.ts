import type { Overview } from '@shared/domain'
import { formatNumber } from '@renderer/format/number'
import { displayValue, readableEnum } from '@renderer/format/text'
import { formatU64 } from '@renderer/format/u64'
import { OVERVIEW_FIELD_LABELS, OVERVIEW_FIELDS, type OverviewField } from './overview-fields'

export interface OverviewTileView {
  /** The field name, also the test id suffix. */
  name: string
  label: string
  value: string
  /** False for fields the app has no meaning for (shown as sent). */
  known: boolean
}

function formatKnown(overview: Overview, field: OverviewField): string | null {
  switch (field) {
    case 'status':
      return overview.status === null ? null : readableEnum(overview.status)
    case 'slot':
    case 'epoch':
    case 'totalProofs':
      return overview[field] === null ? null : formatU64(overview[field])
    case 'tps':
      return overview.tps === null ? null : formatNumber(overview.tps, 1)
    case 'proofs24h':
    case 'activeUsers24h':
      return overview[field] === null ? null : formatNumber(overview[field])
    case 'avgVerifyTimeMs':
    case 'rpcLatencyMs':
      return overview[field] === null ? null : `${formatNumber(overview[field], 1)} ms`
  }
}

function formatExtra(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value, 3)
  if (typeof value === 'string' && /^\d{5,}$/.test(value)) return formatU64(value)
  return displayValue(value)
}

/** One tile per field the server sent: known fields formatted, unknown ones as they came. */
export function overviewTiles(overview: Overview): OverviewTileView[] {
  const tiles: OverviewTileView[] = []
  for (const field of OVERVIEW_FIELDS) {
    const value = formatKnown(overview, field)
    if (value !== null) tiles.push({ name: field, label: OVERVIEW_FIELD_LABELS[field], value, known: true })
  }
  // The decoder puts only fields it does not know into `extra`, so these never repeat a known tile.
  for (const [name, value] of Object.entries(overview.extra)) {
    tiles.push({ name, label: name, value: formatExtra(value), known: false })
  }
  return tiles
}
