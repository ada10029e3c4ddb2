/**
 * Circuits registered (or dropped) are never pushed (docs/wire.md), so the
 * indexer's list is read again every 5 minutes, the time the reference
 * caches GET /api/circuits for: asking more often would only get the same
 * answer. Reading it through the cache keeps labels and the circuit filter
 * current; an indexer that has no list (404) simply has none. What changed
 * (added, dropped, renamed, disabled, enabled again) is handed on; which of
 * it the user hears of is decided in notify/circuit-entries.ts.
 */
import type { CircuitList } from '@shared/domain'

/** The reference caches the list this long server-side. */
export const CIRCUIT_LIST_MS = 5 * 60_000

export interface CircuitChange {
  added: string[]
  removed: string[]
  renamed: string[]
  /** Listed before as enabled (or without saying), now `enabled: false`. */
  disabled: string[]
  /** Listed before as `enabled: false`, now enabled. */
  enabled: string[]
}

interface Known {
  name: string | null
  enabled: boolean | null
}

export interface CircuitWatchOptions {
  read(): Promise<CircuitList>
  onChange(change: CircuitChange): void
  intervalMs?: number
}

export class CircuitWatch {
  private timer: ReturnType<typeof setTimeout> | null = null
  private known: Map<string, Known> | null = null
  private stopped = false

  constructor(private readonly options: CircuitWatchOptions) {}

  start(): void {
    if (this.stopped || this.timer) return
    this.schedule()
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /** A circuit's name in the last list read (null: unnamed or not listed). */
  nameOf(id: string): string | null {
    return this.known?.get(id)?.name ?? null
  }

  /** One read now; the first only learns what there is. */
  async check(): Promise<CircuitChange | null> {
    let list: CircuitList
    try {
      list = await this.options.read()
    } catch {
      // Unreachable or refused: the next round asks again; the views say why when they read.
      return null
    }
    // Only the indexer's own list says what was added or removed; ids seen in proofs say neither.
    if (list.origin !== 'indexer' || list.freshness?.source === 'cache') return null
    const now = new Map<string, Known>(list.circuits.map((circuit) => [circuit.id, { name: circuit.name, enabled: circuit.enabled ?? null }]))
    const before = this.known
    this.known = now
    if (before === null) return null
    const kept = [...now].filter(([id]) => before.has(id)).map(([id, known]) => ({ id, now: known, before: before.get(id) as Known }))
    const change: CircuitChange = {
      added: [...now.keys()].filter((id) => !before.has(id)),
      removed: [...before.keys()].filter((id) => !now.has(id)),
      renamed: kept.filter((circuit) => circuit.before.name !== circuit.now.name).map((circuit) => circuit.id),
      // Only a list that says `false` disables: an id the list stops describing is not news.
      disabled: kept.filter((circuit) => circuit.now.enabled === false && circuit.before.enabled !== false).map((circuit) => circuit.id),
      enabled: kept.filter((circuit) => circuit.now.enabled === true && circuit.before.enabled === false).map((circuit) => circuit.id),
    }
    if (Object.values(change).every((ids) => ids.length === 0)) return null
    this.options.onChange(change)
    return change
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.check().finally(() => this.schedule())
    }, this.options.intervalMs ?? CIRCUIT_LIST_MS)
    this.timer.unref?.()
  }
}
