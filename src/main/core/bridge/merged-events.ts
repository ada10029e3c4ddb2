import type { BridgeEvent, BridgeEvents } from '@shared/bridge'
import { laterVersion } from '@shared/entry-versions'

/**
 * Bridge events merged into as few as possible: the last value of a state
 * event (connection, overview) replaces the earlier ones, array payloads are
 * joined (oldest items dropped past the cap), problems are kept in order up to
 * a cap of their own. A notification-centre entry sent again (a growing
 * burst's one entry, rewritten at each event) replaces its earlier version in
 * place, keeping its subject and topic when the new one has none, as the
 * page merges them. The batcher merges a burst this way, and the Electron
 * relay what a renderer that is not ready yet has to catch up on.
 */
export class MergedEvents {
  private readonly states = new Map<string, BridgeEvent>()
  private readonly lists = new Map<string, unknown[]>()
  private problems: BridgeEvents['problem'][] = []
  /** Where each held notification-centre entry is in its list, by id. */
  private notificationAt = new Map<string, number>()
  private droppedCount = 0
  private items = 0

  constructor(
    private readonly maxItemsPerList = 2000,
    private readonly maxProblems = 50,
  ) {}

  add(batch: readonly BridgeEvent[]): void {
    for (const item of batch) {
      this.items += Array.isArray(item.payload) ? item.payload.length : 1
      if (item.event === 'problem') {
        this.problems.push(item.payload)
        this.problems = this.trim(this.problems, this.maxProblems)
      } else if (item.event === 'notifications') {
        this.addNotifications(item.payload)
      } else if (Array.isArray(item.payload)) {
        const list = this.lists.get(item.event) ?? []
        list.push(...(item.payload as unknown[]))
        this.lists.set(item.event, this.trim(list, this.maxItemsPerList))
      } else {
        this.states.set(item.event, item)
      }
    }
  }

  /** Everything held, as one batch (state first), and the hold emptied. */
  take(): BridgeEvent[] {
    const batch: BridgeEvent[] = [...this.states.values()]
    for (const [event, payload] of this.lists) batch.push({ event, payload } as BridgeEvent)
    for (const payload of this.problems) batch.push({ event: 'problem', payload })
    this.states.clear()
    this.lists.clear()
    this.notificationAt.clear()
    this.problems = []
    this.items = 0
    return batch
  }

  /** Items added since the last take (state events count once each time they come). */
  get size(): number {
    return this.items
  }

  get isEmpty(): boolean {
    return this.states.size === 0 && this.lists.size === 0 && this.problems.length === 0
  }

  /** How many items were dropped to stay under the caps since this hold was made. */
  get dropped(): number {
    return this.droppedCount
  }

  private addNotifications(entries: BridgeEvents['notifications']): void {
    const list = (this.lists.get('notifications') ?? []) as BridgeEvents['notifications']
    for (const entry of entries) {
      const index = this.notificationAt.get(entry.id)
      const earlier = index === undefined ? undefined : list[index]
      if (index === undefined || earlier === undefined) {
        this.notificationAt.set(entry.id, list.length)
        list.push(entry)
      } else list[index] = laterVersion(earlier, entry)
    }
    const kept = this.trim(list, this.maxItemsPerList)
    // Trimming moved every entry: where each one is is read again.
    if (kept !== list) this.notificationAt = new Map(kept.map((entry, index) => [entry.id, index]))
    this.lists.set('notifications', kept)
  }

  private trim<T>(list: T[], max: number): T[] {
    if (list.length <= max) return list
    this.droppedCount += list.length - max
    return list.slice(list.length - max)
  }
}
