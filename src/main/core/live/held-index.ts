/**
 * What is already held, by kind and identity (signature, proof account,
 * notification id): the de-duplication of live events and the place where a
 * backfill stops. The history store can back it; this one lives in memory.
 *
 * `add` is called only for items known to lie in a run without gaps (see
 * LiveService): a backfill walks newest first until `has` says yes, so an
 * index that answered yes for items after an unfilled gap would hide the gap.
 */

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
  /** Identities kept per kind; the oldest go first beyond it. Default 50,000. */
  maxPerKind?: number
}

export class MemoryHeldIndex implements HeldIndex {
  // A Set keeps insertion order, so its first entries are the oldest.
  private readonly kinds = new Map<string, Set<string>>()
  private readonly maxPerKind: number

  constructor(options: MemoryHeldIndexOptions = {}) {
    this.maxPerKind = options.maxPerKind ?? 50_000
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
    if (ids.size > this.maxPerKind) {
      const oldest = ids.values().next().value
      if (oldest !== undefined) ids.delete(oldest)
    }
    return true
  }

  forget(kind: string): void {
    this.kinds.delete(kind)
  }

  size(kind: string): number {
    return this.kinds.get(kind)?.size ?? 0
  }

  ids(kind: string): string[] {
    return [...(this.kinds.get(kind) ?? [])]
  }
}
