/**
 * One session's reads of the indexer's circuits, which are never pushed
 * (docs/wire.md): one read of /api/circuits a period, the Circuits view's
 * registry's, which also compares key fingerprints and enabled flags and
 * raises those alerts; the watch on the same read tells of circuits added
 * that the user's proofs, the watched addresses' or the followed circuits use.
 */
import { circuitLabel } from '@shared/circuit-label'
import { toErrorInfo } from '@shared/errors'
import { circuitAlertEntry } from '../circuits/circuit-alert'
import { CircuitRegistry, type CircuitRegistryOptions } from '../circuits/circuit-registry'
import type { IndexerHistory } from '../history/indexer-history'
import type { Logger } from '../log/log'
import { circuitChangeEntry } from '../notify/circuit-entries'
import type { NotificationCentre } from '../notify/notification-centre'
import type { WatchlistModel } from '../watchlist/watchlist-model'
import { CircuitWatch } from './circuit-watch'

export interface CircuitReadsOptions {
  client: CircuitRegistryOptions['client']
  history: IndexerHistory
  watchlist: Pick<WatchlistModel, 'watchedPubkeys' | 'followedCircuitIds'>
  /** The wallet the session follows; null: none. */
  wallet: string | null
  centre: Pick<NotificationCentre, 'record'>
  log: Logger
  /** The session ended: a late change adds no entry. */
  stopped(): boolean
  /** Tuning for tests: how often the list is read again. */
  intervalMs?: number
}

export function circuitReads(options: CircuitReadsOptions): { watch: CircuitWatch; registry: CircuitRegistry } {
  const { history, watchlist, wallet, centre, log } = options
  const registry = new CircuitRegistry({
    client: options.client,
    history,
    scope: () => ({ wallet, watched: watchlist.watchedPubkeys(), followedCircuits: watchlist.followedCircuitIds() }),
    raise: (changes, at) => {
      const { entry, candidate } = circuitAlertEntry(changes, at)
      centre.record([entry], [candidate])
    },
    log,
  })
  const watch: CircuitWatch = new CircuitWatch({
    // One read of /api/circuits a period: the registry's, which also compares keys and enabled flags.
    read: async () => {
      const catalog = await registry.read()
      return { circuits: catalog.circuits, origin: catalog.source === 'network' ? 'indexer' : 'seen' }
    },
    onChange: (change) => {
      log.info('the indexer\'s circuits changed', change)
      // A disable is told by the circuits registry, with key changes; this watch tells what was added.
      const notice = circuitChangeEntry({ ...change, disabled: [] }, circuitsInUse(options), Date.now(), (id) => circuitLabel(id, watch.nameOf(id)))
      if (notice && !options.stopped()) centre.record([notice.entry], [notice.candidate])
    },
    intervalMs: options.intervalMs,
  })
  return { watch, registry }
}

/**
 * Circuits that the user's proofs, the watched addresses' proofs and the followed circuits use, as far
 * as the cache knows them: a circuit disabled among these is news to the user. Asked only when the list changed.
 */
function circuitsInUse({ history, watchlist, wallet, log }: CircuitReadsOptions): Set<string> {
  const used = new Set(watchlist.followedCircuitIds())
  for (const authority of [...(wallet ? [wallet] : []), ...watchlist.watchedPubkeys()]) {
    try {
      for (const proof of history.listProofs({ authority, limit: 200 }).data.items) if (proof.circuitId) used.add(proof.circuitId)
    } catch (error) {
      log.warn('could not read the cached proofs of an authority', toErrorInfo(error))
    }
  }
  return used
}
