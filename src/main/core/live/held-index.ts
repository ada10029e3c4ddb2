/**
 * What is already held, by kind and identity (signature, proof account,
 * notification id): the de-duplication of live events and the place where a
 * backfill stops. The history store can back it; this one lives in memory.
 *
 * `add` is called only for items known to lie in a run without gaps (see
 * LiveService): a backfill walks newest first until `has` says yes, so an
 * index that answered yes for items after an unfilled gap would hide the gap.
 */
import { forgetOldest, keepNewest } from '@shared/forget-oldest'

export interface HeldIndex {
  has(kind: string, id: string): boolean
  /** Returns false when it was held already. */
  add(kind: string, id: string): boolean
  /** The index no longer vouches for this kind (an address no longer watched). */
  forget(kind: string): void
}

/** The kinds LiveService holds: one per stream, since the same transaction may belong to two addresses. */
export const heldKinds = {
  address: (pubkey: string): string => `tx:${pubkey}`,
  circuit: (circuitId: string): string => `circuit:${circuitId}`,
  proofs: 'proofs',
  userProofs: 'user-proofs',
  notifications: 'notifications',
} as const

export interface MemoryHeldIndexOptions {
  /** Identities kept per kind; the oldest go first beyond it. Default 20,000: a whole backfill (see BackfillTuning). */
  maxPerKind?: number
  /**
   * Identities kept in all kinds together; beyond it the oldest of the
   * largest kind go. Default 100,000 (about 12 MB), so that memory stays
   * bounded however many addresses are watched and however long the app
   * runs. Only the newest identities of a kind matter: a backfill stops at
   * the first one held, and duplicates arrive close to the original.
   */
  maxTotal?: number
}

export class MemoryHeldIndex implements HeldIndex {
  // A Set keeps insertion order, so its first entries are the oldest.
  private readonly kinds = new Map<string, Set<string>>()
  private readonly maxPerKind: number
  private readonly maxTotal: number
  private total = 0

  constructor(options: MemoryHeldIndexOptions = {}) {
    this.maxPerKind = options.maxPerKind ?? 20_000
    this.maxTotal = options.maxTotal ?? 100_000
  }

  has(kind: string, id: string): boolean {
    return this.kinds.get(kind)?.has(id) ?? false
  }

  add(kind: string, id: string): boolean {
    let ids = this.kinds.get(kind)
    if (ids === undefined) {
      ids = new Set()
      this.kinds.set(kind, ids)
    }
    if (ids.has(id)) return false
    ids.add(id)
    this.total++
    if (ids.size > this.maxPerKind) this.cutKind(ids, (held) => forgetOldest(held, this.maxPerKind))
    if (this.total > this.maxTotal) this.trimLargestKind()
    return true
  }

  forget(kind: string): void {
    this.total -= this.kinds.get(kind)?.size ?? 0
    this.kinds.delete(kind)
  }

  size(kind: string): number {
    return this.kinds.get(kind)?.size ?? 0
  }

  /** Identities held in all kinds. */
  get totalSize(): number {
    return this.total
  }

  ids(kind: string): string[] {
    return [...(this.kinds.get(kind) ?? [])]
  }

  /** Over the total: the largest kind gives up its oldest, a hundredth of the total at a time so the search for it is rare. */
  private trimLargestKind(): void {
    let largest: Set<string> | undefined
    for (const ids of this.kinds.values()) if (largest === undefined || ids.size > largest.size) largest = ids
    if (largest === undefined) return
    // The newest identity of a kind always stays: it is where the next backfill stops.
    const count = Math.min(largest.size - 1, Math.max(this.total - this.maxTotal, Math.ceil(this.maxTotal / 100)))
    this.cutKind(largest, (held) => keepNewest(held, held.size - count))
  }

  /** Cuts a kind's oldest identities with `cut`, the total kept in step. */
  private cutKind(ids: Set<string>, cut: (ids: Set<string>) => void): void {
    const before = ids.size
    cut(ids)
    this.total -= before - ids.size
  }
}
