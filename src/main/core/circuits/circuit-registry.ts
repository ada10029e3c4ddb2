/**
 * The Circuits view's reads: the indexer's list and each circuit's verifying
 * key, fingerprinted and remembered in the cache. Every read from the
 * indexer is compared with the last one kept; a key changed or a circuit
 * disabled under the user's own or watched proofs raises one alert. Offline
 * (or refused) the view gets what was last read and when. Circuits are
 * never pushed (docs/wire.md): the circuit watch (session/circuit-watch.ts)
 * reads through here on its schedule, so the list is read once a period.
 */
import type { CircuitCard, CircuitCatalog, CircuitDetail, CircuitFacts } from '@shared/circuits'
import type { ReadOptions } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { IndexerHistory } from '../history/indexer-history'
import type { Logger } from '../log/log'
import { compareCircuitKeys, keyFingerprint, type CircuitKeyChange } from './key-fingerprint'

/** Details read at once: a handful of circuits, well inside the rate limit, without a burst. */
const DETAIL_CONCURRENCY = 3

export interface CircuitRegistryOptions {
  client: {
    circuitCatalog(): Promise<CircuitFacts[]>
    circuitDetail(circuitId: string): Promise<CircuitDetail>
  }
  history: Pick<IndexerHistory, 'circuitCards' | 'recordCircuitCards' | 'recordCircuits' | 'circuitsInUse'>
  /** Whose proofs count as the user's: the wallet, the watched addresses, and the circuits followed outright. */
  scope(): { wallet: string | null; watched: readonly string[]; followedCircuits: readonly string[] }
  /** Changes to circuits the user relies on, found by one read (never empty). */
  raise(changes: readonly CircuitKeyChange[], at: number): void
  log: Logger
  clock?: () => number
}

export class CircuitRegistry {
  private running: Promise<CircuitCatalog> | null = null

  constructor(private readonly options: CircuitRegistryOptions) {}

  /** The circuits: read from the indexer (one read at a time, so a change is compared and told once), or from the cache. */
  read(options?: ReadOptions): Promise<CircuitCatalog> {
    if (options?.source === 'cache') return Promise.resolve(this.cached(null))
    this.running ??= this.readNetwork().finally(() => {
      this.running = null
    })
    return this.running
  }

  private cached(problem: CircuitCatalog['problem']): CircuitCatalog {
    const circuits = this.options.history.circuitCards()
    const readAt = circuits.reduce<number | null>((latest, card) => (latest === null ? card.readAt : Math.max(latest, card.readAt)), null)
    return { circuits, readAt, source: 'cache', problem }
  }

  private async readNetwork(): Promise<CircuitCatalog> {
    let listed: CircuitFacts[]
    try {
      listed = await this.options.client.circuitCatalog()
    } catch (error) {
      return this.cached(toErrorInfo(error))
    }
    const keys = await this.readKeys(listed.map((circuit) => circuit.id))
    const now = (this.options.clock ?? Date.now)()
    const before = this.options.history.circuitCards()
    const last = new Map(before.map((card) => [card.id, card]))
    const cards = listed.map((facts): CircuitCard => {
      const previous = last.get(facts.id)
      const key = keys.get(facts.id)
      // A key that could not be read is taken as unchanged, never as changed.
      const fingerprint = key === undefined ? (previous?.fingerprint ?? null) : keyFingerprint(key)
      const keySeenAt = fingerprint === null ? null : previous?.fingerprint === fingerprint ? previous.keySeenAt : now
      return { ...facts, fingerprint, keySeenAt, readAt: now }
    })
    this.tell(compareCircuitKeys(before, cards), now)
    this.options.history.recordCircuitCards(cards)
    this.options.history.recordCircuits(cards.map(({ id, name, proofType, description }) => ({ id, name, proofType, description })))
    return { circuits: cards, readAt: now, source: 'network', problem: null }
  }

  /** Each circuit's verifying key; a circuit whose detail fails is left out (and logged). */
  private async readKeys(ids: readonly string[]): Promise<Map<string, string | null>> {
    const keys = new Map<string, string | null>()
    const queue = [...ids]
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          keys.set(id, (await this.options.client.circuitDetail(id)).verifyingKey)
        } catch (error) {
          this.options.log.warn(`circuit ${id}: its verifying key could not be read`, toErrorInfo(error))
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(DETAIL_CONCURRENCY, ids.length) }, worker))
    return keys
  }

  /** Only changes under the user's proofs, watched proofs or followed circuits are told. */
  private tell(changes: readonly CircuitKeyChange[], at: number): void {
    if (changes.length === 0) return
    this.options.log.info('circuits changed', changes)
    const scope = this.options.scope()
    const inUse = this.options.history.circuitsInUse([...(scope.wallet ? [scope.wallet] : []), ...scope.watched])
    for (const id of scope.followedCircuits) inUse.add(id)
    const relevant = changes.filter((change) => inUse.has(change.id))
    if (relevant.length > 0) this.options.raise(relevant, at)
  }
}
