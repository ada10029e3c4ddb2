/**
 * The user's own verified proofs (PROOF_VERIFIED, one every few seconds for a
 * busy wallet) as one updating centre entry ("12 of your proofs verified")
 * with its first notification's id; a quiet gap or reading it starts the
 * next. Apart from entry-builder.ts because it is its own small state: the
 * open roll-up and which notifications it holds.
 */
import type { AppNotification, NotificationGroupItem } from '@shared/domain'
import { shortId } from '@shared/ids'
import { BoundedMap } from './bounded-map'
import { reasonFor } from './reason'

/** The user's verified proofs of one steady stream: one centre entry, updated as it grows. */
interface OwnRollup {
  /** The first entry's own form: what the roll-up shows while it holds one proof. */
  first: AppNotification
  firstAt: number
  lastAt: number
  count: number
  items: NotificationGroupItem[]
  latest: string
}

export class OwnProofRollups {
  private open: OwnRollup | null = null
  /** Entries rolled into a roll-up: their id and the roll-up's. */
  private readonly rolled: BoundedMap<string, OwnRollup>

  constructor(
    /** A quiet gap this long ends the roll-up. */
    private readonly gapMs: number,
    /** Items the roll-up lists (its count goes on). */
    private readonly itemsKept: number,
    memory: number,
  ) {
    this.rolled = new BoundedMap(memory)
  }

  /**
   * A verified proof of the user's joins the open roll-up (or starts one). One proof shows as its own entry; from the
   * second on, the entry with the first one's id says how many and which came last. `started`: it began a roll-up,
   * the one time the stream may interrupt.
   */
  add(entry: AppNotification, now: number): { entry: AppNotification; started: boolean } {
    // The same notification again (the list's copy of a socket event): it may name its proof now, and counts once.
    const known = this.named(entry, now)
    if (known) return { entry: known, started: false }
    const open = this.open
    const rollup = open && now - open.lastAt <= this.gapMs ? open : { first: entry, firstAt: now, lastAt: now, count: 0, items: [], latest: '' }
    this.open = rollup
    this.rolled.set(entry.id, rollup)
    rollup.count++
    this.addItem(rollup, entry, now, true)
    return { entry: rollupEntry(rollup), started: rollup.count === 1 }
  }

  /** A notification already rolled up, which may now name its proof: the roll-up's entry again; null if not rolled up. */
  named(entry: AppNotification, now: number): AppNotification | null {
    const rollup = this.rolled.get(entry.id)
    if (!rollup) return null
    this.addItem(rollup, entry, now, false)
    return rollupEntry(rollup)
  }

  /** Read: the open roll-up takes no more. */
  close(which: 'all' | { ids: readonly string[] }): void {
    if (this.open && (which === 'all' || which.ids.includes(this.open.first.id))) this.open = null
  }

  /** `arrived`: a new proof (the latest); otherwise one already counted, which may now name its proof. */
  private addItem(rollup: OwnRollup, entry: AppNotification, now: number, arrived: boolean): void {
    const subject = entry.subject
    const text = subject ? `${entry.body || entry.title} (${shortId(subject.id)})` : entry.body || entry.title
    if (arrived) {
      rollup.lastAt = now
      rollup.latest = text
    }
    if (subject && rollup.items.length < this.itemsKept && !rollup.items.some((item) => item.subject.id === subject.id)) {
      rollup.items.push({ subject, text, at: now })
    }
    if (entry.id === rollup.first.id) rollup.first = entry
  }
}

function rollupEntry(rollup: OwnRollup): AppNotification {
  if (rollup.count === 1) return rollup.first
  const { first } = rollup
  const title = `${rollup.count} of your proofs verified`
  const body = `Latest: ${rollup.latest}`
  const groupInfo = { count: rollup.count, failed: 0, items: rollup.items, lastAt: rollup.lastAt }
  return {
    ...first,
    title,
    body,
    receivedAt: rollup.firstAt,
    read: false,
    subject: null,
    topic: null,
    group: groupInfo,
    raw: { id: first.id, type: first.kind, title, body, subject: null, group: groupInfo },
    reason: reasonFor({ source: 'userProofs', grouped: rollup.count }),
  }
}
