/**
 * One record per id in a page. An indexer that lists the same proof,
 * transaction or notification twice in one page had every copy shown, and
 * the cache kept whichever came last (the lowest slot, in a newest-first
 * list). The copy with the highest slot wins (it is the later state of the
 * record), in the place the id first appeared; without slots, the first copy.
 */
import type { U64 } from '@shared/domain'
import { u64Order } from '@shared/u64-order'

export interface Deduplicated<T> {
  items: T[]
  /** Ids that came more than once, each once. */
  repeated: string[]
  /** Copies dropped. */
  dropped: number
}

/** Whether `candidate` is a later state than `held`: a higher slot; a slot over none. */
function later(candidate: U64 | null | undefined, held: U64 | null | undefined): boolean {
  const next = u64Order(candidate)
  const current = u64Order(held)
  if (next === null) return false
  return current === null || next > current
}

export function dedupeById<T>(items: readonly T[], idOf: (item: T) => string, slotOf: (item: T) => U64 | null | undefined = () => null): Deduplicated<T> {
  const at = new Map<string, number>()
  const kept: T[] = []
  const repeated = new Set<string>()
  let dropped = 0
  for (const item of items) {
    const id = idOf(item)
    const index = at.get(id)
    if (index === undefined) {
      at.set(id, kept.length)
      kept.push(item)
      continue
    }
    dropped++
    repeated.add(id)
    if (later(slotOf(item), slotOf(kept[index] as T))) kept[index] = item
  }
  return { items: dropped === 0 ? (items as T[]) : kept, repeated: [...repeated], dropped }
}
