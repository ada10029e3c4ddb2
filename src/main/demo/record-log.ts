/**
 * An append-only list of records in creation order (`seq` and `timeMs` never
 * decrease), with O(1) append, amortised O(1) removal of the oldest record,
 * and binary search by seq and by time. One log per index (all proofs, the
 * proofs of one authority, …) keeps list queries fast without copying.
 */
export interface Sequenced {
  readonly seq: number
  readonly timeMs: number
}

const COMPACT_AFTER = 4096

export class RecordLog<T extends Sequenced> {
  private items: (T | undefined)[] = []
  private head = 0

  get length(): number {
    return this.items.length - this.head
  }

  push(item: T): void {
    this.items.push(item)
  }

  /** The record at `index`, 0 being the oldest held. */
  at(index: number): T {
    const item = this.items[this.head + index]
    if (item === undefined) throw new RangeError(`no record at ${index}`)
    return item
  }

  newest(): T | undefined {
    return this.length > 0 ? this.items[this.items.length - 1] : undefined
  }

  oldest(): T | undefined {
    return this.length > 0 ? this.items[this.head] : undefined
  }

  dropOldest(): T | undefined {
    if (this.length === 0) return undefined
    const item = this.items[this.head]
    this.items[this.head] = undefined
    this.head++
    // Shift the array down only now and then, so removal stays amortised O(1).
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
    return item
  }

  /** Index of the first record with seq >= `seq` (length when none). */
  firstWithSeqAtLeast(seq: number): number {
    return this.lowerBound((item) => item.seq >= seq)
  }

  /** Index of the first record with timeMs >= `timeMs` (length when none). */
  firstAtOrAfter(timeMs: number): number {
    return this.lowerBound((item) => item.timeMs >= timeMs)
  }

  /** Index of the first record with timeMs > `timeMs` (length when none). */
  firstAfter(timeMs: number): number {
    return this.lowerBound((item) => item.timeMs > timeMs)
  }

  private lowerBound(isAtOrPast: (item: T) => boolean): number {
    let low = 0
    let high = this.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (isAtOrPast(this.at(middle))) high = middle
      else low = middle + 1
    }
    return low
  }
}
