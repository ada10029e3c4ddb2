/**
 * One RecordLog per key (per authority, per account, …). Most keys of the
 * account index (proof accounts, one-off counterparties) only ever see one
 * record and are never read, so a key holds its record bare until a second
 * record arrives or the key is read: then it becomes a RecordLog once, and
 * later reads allocate nothing.
 */
import { RecordLog, type Sequenced } from './record-log'

export class KeyedLogs<K, T extends Sequenced> {
  private readonly entries = new Map<K, T | RecordLog<T>>()

  get size(): number {
    return this.entries.size
  }

  push(key: K, item: T): void {
    const held = this.entries.get(key)
    if (held === undefined) this.entries.set(key, item)
    else this.logOf(key, held).push(item)
  }

  /** The key's records, oldest first; undefined when it has none. */
  get(key: K): RecordLog<T> | undefined {
    const held = this.entries.get(key)
    return held === undefined ? undefined : this.logOf(key, held)
  }

  /** Forgets the key's oldest record (the caller knows it is the oldest). */
  dropOldest(key: K): void {
    const held = this.entries.get(key)
    if (held === undefined) return
    if (held instanceof RecordLog) {
      held.dropOldest()
      if (held.length > 0) return
    }
    this.entries.delete(key)
  }

  *logs(): IterableIterator<[K, RecordLog<T>]> {
    for (const [key, held] of this.entries) yield [key, this.logOf(key, held)]
  }

  /** The key's log, replacing a bare record by a log that holds it. */
  private logOf(key: K, held: T | RecordLog<T>): RecordLog<T> {
    if (held instanceof RecordLog) return held
    const log = new RecordLog<T>()
    log.push(held)
    this.entries.set(key, log)
    return log
  }
}
