import type { Overview } from '@shared/domain'
import { formatNumber } from '@renderer/format/number'
import { displayText, displayValue, readableEnum } from '@renderer/format/text'
import { formatU64 } from '@renderer/format/u64'
import { OVERVIEW_FIELD_LABELS, OVERVIEW_FIELDS, type OverviewField } from './overview-fields'

export interface OverviewTileView {
  /** The field name, also the test id suffix. */
  name: string
  label: string
  value: string
  /** False for fields the app has no meaning for (shown as sent). */
  known: boolean
  /** A field of the seed's contract this indexer did not send. */
  missing?: boolean
  /** An object the server sent: one row per key, instead of cut-off JSON. */
  rows?: Array<{ label: string; value: string }>
}

/** The seed's overview contract: these always have a tile, saying so when the server leaves one out. */
export const SEED_OVERVIEW_FIELDS: readonly OverviewField[] = ['tps', 'slot', 'epoch', 'totalProofs', 'proofs24h']
export const NOT_SENT = 'not sent by this indexer'

/** "avgBlockTimeMs" → "Avg block time ms", "active_users" → "Active users": a label for a field the app does not know. */
export function readableFieldName(name: string): string {
  // Cut first: the case-splitting patterns backtrack, and a 100,000-character name froze the page for seconds.
  const words = displayText(name)
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  if (words === '') return name
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/\b(tps|rpc|id|url|api|ms)\b/gi, (w) => (w.toLowerCase() === 'ms' ? 'ms' : w.toUpperCase()))
}

function formatKnown(overview: Overview, field: OverviewField): string | null {
  switch (field) {
    case 'status':
      return overview.status === null ? null : readableEnum(overview.status)
    case 'slot':
    case 'epoch':
    case 'totalProofs':
    case 'proofs24h':
    case 'activeUsers24h':
      return overview[field] === null ? null : formatU64(overview[field])
    case 'tps':
      return overview.tps === null ? null : formatNumber(overview.tps, 1)
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

/**
 * One tile per field the server sent, and one for each field of the seed's
 * contract whether sent or not: known fields formatted, unknown ones with a
 * readable label, objects as key–value rows.
 */
export function overviewTiles(overview: Overview): OverviewTileView[] {
  const tiles: OverviewTileView[] = []
  for (const field of OVERVIEW_FIELDS) {
    const value = formatKnown(overview, field)
    if (value !== null) tiles.push({ name: field, label: OVERVIEW_FIELD_LABELS[field], value, known: true })
    else if (SEED_OVERVIEW_FIELDS.includes(field)) tiles.push({ name: field, label: OVERVIEW_FIELD_LABELS[field], value: NOT_SENT, known: true, missing: true })
  }
  // The decoder puts only fields it does not know into `extra`, so these never repeat a known tile.
  for (const [name, value] of Object.entries(overview.extra)) {
    const label = readableFieldName(name)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const rows = Object.entries(value as Record<string, unknown>).map(([key, item]) => ({ label: readableFieldName(key), value: formatExtra(item) }))
      tiles.push({ name, label, value: rows.map((row) => `${row.label}: ${row.value}`).join(', '), known: false, rows })
    } else {
      tiles.push({ name, label, value: formatExtra(value), known: false })
    }
  }
  return tiles
}
