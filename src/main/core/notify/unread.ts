/**
 * How many events the user has not read yet, for the tray. Keys are the
 * candidates' keys (`notification:<id>`, `transaction:<signature>`, …).
 * Bounded: past the capacity the oldest unread key is forgotten, so a flood
 * caps the count rather than the memory.
 */
export class UnreadTracker {
  private readonly unread = new Set<string>()

  constructor(private readonly capacity = 10_000) {}

  /** Counts `key` as unread; false when it already was. */
  add(key: string): boolean {
    if (this.unread.has(key)) return false
    this.unread.add(key)
    if (this.unread.size > this.capacity) {
      const oldest = this.unread.values().next().value
      if (oldest !== undefined) this.unread.delete(oldest)
    }
    return true
  }

  /** Marks keys read; returns how many were unread. */
  markRead(keys: Iterable<string>): number {
    let changed = 0
    for (const key of keys) if (this.unread.delete(key)) changed++
    return changed
  }

  markAllRead(): number {
    const changed = this.unread.size
    this.unread.clear()
    return changed
  }

  get count(): number {
    return this.unread.size
  }
}
