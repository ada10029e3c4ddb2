/**
 * Bounds an insertion-ordered Set or Map (its first entries are its oldest)
 * the way every memory of seen ids in the core is bounded. Past `cap`, the
 * oldest entries go a hundredth of the cap at a time, not one per insert:
 * V8 leaves a deleted entry's slot in place until the table is rebuilt, and
 * each fresh iterator walks past all of them to find the oldest, so one at a
 * time cost 17.7 µs an insert at a cap of 20,000 (a million inserts in plain
 * Node), a hundredth at a time 0.26 µs.
 */
export function forgetOldest(collection: Set<unknown> | Map<unknown, unknown>, cap: number): void {
  if (collection.size <= cap) return
  keepNewest(collection, cap - Math.floor(cap / 100))
}

/** Deletes the oldest entries until at most `max` are left, in one walk. */
export function keepNewest(collection: Set<unknown> | Map<unknown, unknown>, max: number): void {
  if (collection.size <= max) return
  for (const key of collection.keys()) {
    collection.delete(key)
    if (collection.size <= max) return
  }
}
