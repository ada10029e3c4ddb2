import type { Overview } from '@shared/domain'
import { OVERVIEW_FIELDS, type OverviewField } from '@renderer/model/overview-fields'

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
  const merged: Overview = {
    ...newer,
    raw: { ...older.raw, ...newer.raw },
    extra: { ...older.extra, ...newer.extra },
  }
  function keepKnown<F extends OverviewField>(field: F): void {
    merged[field] = newer[field] ?? older[field]
  }
  for (const field of OVERVIEW_FIELDS) keepKnown(field)
  return merged
}

/**
 * When each field's value was last brought (the record's observedAt): stats
 * pushed once a minute and the overview read in between bring different
 * fields at different times (docs/wire.md), so each tile says its own age.
 */
export function noteFieldTimes(times: Readonly<Record<string, number>>, incoming: Overview): Record<string, number> {
  const next: Record<string, number> = { ...times }
  for (const field of OVERVIEW_FIELDS) {
    const value = incoming[field]
    if (value === null || value === undefined) continue
    if (incoming.observedAt >= (next[field] ?? Number.NEGATIVE_INFINITY)) next[field] = incoming.observedAt
  }
  return next
}
