/**
 * De-duplication by event identity over a bounded window, standing in for the
 * live service's until that exists: the pipeline benchmarks need one that
 * does not grow with the events it has seen.
 */
export class RecentKeys {
  private readonly keys = new Set<string>()

  constructor(private readonly capacity: number) {}

  /** True the first time `key` is seen within the window. */
  add(key: string): boolean {
    if (this.keys.has(key)) return false
    this.keys.add(key)
    // A Set iterates in insertion order: the first key is the oldest.
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value as string)
    return true
  }

  get size(): number {
    return this.keys.size
  }
}
