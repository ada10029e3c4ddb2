import type { CacheDamage, CacheDamageKind } from '@shared/history'

const WHAT_HAPPENED: Record<CacheDamageKind, string> = {
  truncated: 'The history cache file was cut short',
  corrupt: 'The history cache file was damaged',
  locked: 'The history cache was locked by another program',
  'disk-full': 'The disk is full, so the history cache cannot be written',
  'newer-schema': 'The history cache was written by a newer ProofWatch',
  unavailable: 'The data folder cannot hold a history cache',
}

/** What happened to the cache and what was done, in words the user can act on. */
export function describeDamage(damage: CacheDamage): { headline: string; done: string } {
  const headline = WHAT_HAPPENED[damage.kind] ?? `The history cache had a problem (${damage.kind})`
  let done: string
  const salvaged = damage.salvagedRows ?? 0
  if (damage.movedTo && damage.salvaging) {
    done = `It was moved aside to ${damage.movedTo}; the records that can still be read are being copied into a new cache, and show as they arrive.`
  } else if (damage.movedTo && salvaged > 0) {
    done = `It was moved aside to ${damage.movedTo}; the ${salvaged.toLocaleString('en-US')} records that could still be read were copied into a new cache.`
  } else if (damage.movedTo) done = `It was moved aside to ${damage.movedTo} and a new, empty cache was started.`
  else if (damage.readOnly) done = 'It is shown as it is, read-only; what arrives while the folder stays read-only is not kept.'
  else if (damage.kind === 'disk-full') done = 'New data is kept in memory until there is room; what is cached can still be read.'
  else if (damage.kind === 'locked' || damage.kind === 'unavailable') done = 'ProofWatch keeps its history in memory for now; it is lost when the app closes.'
  else done = 'A new, empty cache was started.'
  return { headline, done }
}
