/**
 * Whether the indexer really pushes each kind of channel, measured rather
 * than assumed (docs/wire.md: the reference accepts `address:{pubkey}:txs`
 * and never sends on it). Two kinds of evidence:
 * - an event on a channel of that kind: the indexer pushes it;
 * - an HTTP head read finding items the socket had not brought: if the
 *   socket still has not brought any of them a grace period later, it does
 *   not push that kind.
 * The verdict is remembered per indexer (as learned parameters are), kept a
 * day at most, and a kind not known to be pushed is polled.
 */
import type { PushKind } from '@shared/domain'
import { forgetOldest } from '@shared/forget-oldest'

export type { PushKind } from '@shared/domain'
export type PushVerdict = 'pushed' | 'not-pushed' | 'unknown'

export interface PushMemoryEntry {
  verdict: Exclude<PushVerdict, 'unknown'>
  at: number
}

/** Verdicts per indexer and kind (in memory; may be persisted), like ParameterMemory. */
export interface PushMemory {
  get(indexer: string, kind: PushKind): PushMemoryEntry | undefined
  set(indexer: string, kind: PushKind, entry: PushMemoryEntry): void
}

export function createPushMemory(): PushMemory {
  const entries = new Map<string, PushMemoryEntry>()
  const key = (indexer: string, kind: PushKind): string => JSON.stringify([indexer, kind])
  return {
    get: (indexer, kind) => entries.get(key(indexer, kind)),
    set: (indexer, kind, entry) => {
      entries.set(key(indexer, kind), { ...entry })
    },
  }
}

/** A remembered verdict older than this is checked afresh: an indexer that starts pushing is noticed within a day. */
export const PUSH_MEMORY_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How long the socket has to bring what an HTTP read found before the kind is marked not pushed. */
export const DEFAULT_PUSH_GRACE_MS = 8_000
/** Item ids the socket brought, per kind, kept to compare with HTTP reads. */
const SEEN_CAP = 2_000

export interface PushWatchOptions {
  memory: PushMemory
  indexer: string
  graceMs?: number
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  /** The socket can bring events of this kind now (socket live, a channel of it subscribed). */
  listening(kind: PushKind): boolean
  onVerdict(kind: PushKind, verdict: PushVerdict): void
}

interface KindState {
  verdict: PushVerdict
  /** When the verdict was last confirmed. */
  at: number | null
  /** When the verdict was last written to the memory, so the per-event path does not read it back. */
  rememberedAt: number | null
  seen: Set<string>
  /** Open checks: ids the socket has until the deadline to bring. */
  pending: Array<{ ids: string[]; timer: unknown; hit: boolean }>
}

export class PushWatch {
  private readonly kinds = new Map<PushKind, KindState>()
  private readonly now: () => number
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (handle: unknown) => void
  private disposed = false

  constructor(private readonly options: PushWatchOptions) {
    this.now = options.now ?? Date.now
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  }

  verdict(kind: PushKind): PushVerdict {
    return this.state(kind).verdict
  }

  /** When the verdict was last confirmed (event seen or check settled); null when never. */
  checkedAt(kind: PushKind): number | null {
    return this.state(kind).at
  }

  /** A remembered verdict is due for a fresh check (older than a day, or none). */
  stale(kind: PushKind): boolean {
    const at = this.state(kind).at
    return at === null || this.now() - at > PUSH_MEMORY_MAX_AGE_MS
  }

  /** The socket brought an event of this kind (`id`: its item, when it has one). */
  pushed(kind: PushKind, id: string | null): void {
    if (this.disposed) return
    const state = this.state(kind)
    if (id !== null) {
      state.seen.add(id)
      forgetOldest(state.seen, SEEN_CAP)
    }
    // Any event of the kind during an open check answers it: on a busy feed the ids found may leave `seen` before the grace ends.
    for (const check of state.pending) check.hit = true
    this.settle(kind, 'pushed')
  }

  /**
   * An HTTP read found these items, new to the stream. The socket has the
   * grace period to bring one of them (before or after); if it brings none
   * while it could, the kind is not pushed.
   */
  found(kind: PushKind, ids: readonly string[]): void {
    if (this.disposed || ids.length === 0) return
    if (!this.options.listening(kind)) return
    const state = this.state(kind)
    if (ids.some((id) => state.seen.has(id))) return this.settle(kind, 'pushed')
    const check = { ids: [...ids], timer: null as unknown, hit: false }
    check.timer = this.setTimer(() => {
      state.pending = state.pending.filter((c) => c !== check)
      if (this.disposed) return
      if (check.hit || check.ids.some((id) => state.seen.has(id))) return this.settle(kind, 'pushed')
      // A socket that was down meanwhile proves nothing either way.
      if (!this.options.listening(kind)) return
      this.settle(kind, 'not-pushed')
    }, this.options.graceMs ?? DEFAULT_PUSH_GRACE_MS)
    state.pending.push(check)
  }

  dispose(): void {
    this.disposed = true
    for (const state of this.kinds.values()) for (const check of state.pending) this.clearTimer(check.timer)
    this.kinds.clear()
  }

  private settle(kind: PushKind, verdict: Exclude<PushVerdict, 'unknown'>): void {
    const state = this.state(kind)
    const at = this.now()
    state.at = at
    const changed = state.verdict !== verdict
    state.verdict = verdict
    // Remembered at most once a minute per kind while it holds: every pushed event passes here.
    if (changed || state.rememberedAt === null || at - state.rememberedAt > 60_000) {
      this.options.memory.set(this.options.indexer, kind, { verdict, at })
      state.rememberedAt = at
    }
    if (changed) this.options.onVerdict(kind, verdict)
  }

  private state(kind: PushKind): KindState {
    let state = this.kinds.get(kind)
    if (!state) {
      const held = this.options.memory.get(this.options.indexer, kind)
      // A day-old verdict still guides the start; stale() has it checked again.
      state = { verdict: held?.verdict ?? 'unknown', at: held?.at ?? null, rememberedAt: held?.at ?? null, seen: new Set(), pending: [] }
      this.kinds.set(kind, state)
    }
    return state
  }
}
