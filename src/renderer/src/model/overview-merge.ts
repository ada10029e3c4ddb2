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
