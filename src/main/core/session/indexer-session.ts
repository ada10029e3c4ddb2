/**
 * One indexer watched (IndexerSession): the wiring of that indexer's parts
 * (client, cache, live side, polls, inbox, account sync, background fetch,
 * re-reads of what is never pushed) and the route each of its events takes;
 * the parts themselves live in their own files.
 */
import { RECENT_PROOFS_CAP, type BridgeEventName, type BridgeEvents } from '@shared/bridge'
import type { AddressTransaction, CircuitProof, DetailFetchProgress, ErrorInfo, LeaderboardQuery, ProofSummary, SeriesQuery } from '@shared/domain'
import type { PollingIntervals } from '@shared/settings'
import { errorKind, isOfflineError, ProofWatchError, toErrorInfo } from '@shared/errors'
import { credentialHeaders } from '../config/credentials'
import { DetailFetch } from './detail-fetch'
import { CachedIndexer } from '../history/cached-indexer'
import type { HistoryCache } from '../history/history-cache'
import type { IndexerHistory } from '../history/indexer-history'
import type { IndexerClient } from '../indexer/client'
import { sessionClient } from './session-client'
import { HttpHealth, type HttpHealthState } from '../indexer/http-health'
import { indexerKey } from '../indexer/url'
import type { ParameterMemory } from '../indexer/negotiation'
import type { PushMemory } from '../live/push-watch'
import { RateLimit } from '../polling/rate-limit'
import type { CircuitWatch } from './circuit-watch'
import { circuitReads } from './circuit-reads'
import type { CircuitRegistry } from '../circuits/circuit-registry'
import { DisplayNames } from '../profiles/display-names'
import { RevocationReads } from './revocation-reads'
import type { IndexerTarget } from './indexer-target'
import { LiveService, type EventOrigin, type LiveServiceOptions, type LiveServiceStatus } from '../live/live-service'
import { IndexerInbox } from '../notify/indexer-inbox'
import { InboxSchedule } from './inbox-schedule'
import type { NotificationCentre } from '../notify/notification-centre'
import type { Logger } from '../log/log'
import { Poller, type Activity } from '../polling/poller'
import { StatsPolls } from '../polling/stats-polls'
import type { WatchlistModel } from '../watchlist/watchlist-model'
import { AccountWatchlist } from '../indexer/account-watchlist'
import { AccountWatchlistSync, accountKey } from '../watchlist/account-sync'
import type { AccountSyncResult } from '@shared/watchlist'
import { RecentProofs } from './recent-proofs'
import { PacedHandoff } from './paced-handoff'
import { AccountSyncSchedule } from './account-sync-schedule'

export interface SessionDeps {
  /** The indexer refused the session on HTTP (401 on the user's list). */
  onUnauthorized?(problem: ErrorInfo): void
  history: HistoryCache
  watchlist: WatchlistModel
  memory: ParameterMemory
  /** Which channels each indexer was seen to push, kept across sessions as learned parameters are. */
  pushMemory?: PushMemory
  log: Logger
  push<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
  /** Where notification-centre entries go (the cache, the unread counts, the decision path). */
  centre: NotificationCentre
  /** The live state changed (socket, channels, counters). */
  onLiveStatus(): void
  /** Live counters or the last event moved without a status change (per event: cheap). */
  onLiveCounters?(): void
  /** The HTTP state changed. */
  onHttpState(): void
  polling: PollingIntervals
  /** How a watched address is named in the notification centre (its label). */
  describeAddress(pubkey: string): string
  /** Tuning for tests: the live service's options. */
  live?: Partial<LiveServiceOptions>
  /** Tuning for tests: how often what is never pushed is read again (revocations; circuits). */
  rereads?: { revocationsMs?: number; circuitsMs?: number }
  /** Whether the user asked to keep the watchlist in step with the account (Settings). Default: no. */
  keepWatchlistInStep?(): boolean
}

/**
 * Everything main does for one indexer: the HTTP client behind the cache,
 * the live service (sockets, backfill, circuits, overview fallback), the
 * stats polls, and where each decoded event goes (the history store, the
 * watchlist's activity, the bridge). Switching indexers ends the session and
 * starts another; the history store and the watchlist outlive it.
 */
export class IndexerSession {
  readonly client: IndexerClient
  readonly cached: CachedIndexer
  /** Full records fetched in the background: socket proofs first, then what the user watches. */
  private readonly details: DetailFetch
  private readonly addressTransactions = new PacedHandoff<AddressTransaction, EventOrigin>((items, origin) => this.addressTransactionsArrived(items, origin), {
    mayGoOn: () => !this.deps.history.writesBehind,
  })
  private stopped = false
  private readonly unsubscribeWatchlist: () => void
  readonly history: IndexerHistory
  readonly live: LiveService
  private readonly poller: Poller
  private readonly stats: StatsPolls
  private readonly recentProofs = new RecentProofs(RECENT_PROOFS_CAP)
  private readonly health: HttpHealth
  /** The indexer's own notification list; null without a credential. */
  readonly inbox: IndexerInbox | null
  private readonly inboxSchedule: InboxSchedule | null
  /** Revocations and circuit changes are never pushed (docs/wire.md): read again on a schedule. */
  private readonly revocations: RevocationReads
  private readonly circuitWatch: CircuitWatch
  /** The Circuits view's reads and the key fingerprints compared at each. */
  readonly circuits: CircuitRegistry
  /** Public display names of addresses, read at most daily. */
  readonly displayNames: DisplayNames
  /** The account's watchlist kept in step with the local one. */
  private readonly accountSync: AccountSyncSchedule

  constructor(
    readonly target: IndexerTarget,
    private readonly deps: SessionDeps,
  ) {
    const headers = () => credentialHeaders(target.credential)
    this.health = new HttpHealth((state) => {
      deps.log.info(`indexer HTTP ${state.state}`, state.lastError ?? undefined)
      if (state.state === 'ok') this.details.online()
      deps.onHttpState()
    })
    const rateLimit = new RateLimit()
    this.client = sessionClient({ baseUrl: target.httpUrl, memory: deps.memory, headers, health: this.health, rateLimit, log: deps.log })
    this.history = deps.history.forIndexer(indexerKey(target.httpUrl))
    this.cached = new CachedIndexer(this.client, this.history, { onTransactionsListed: (address) => this.transactionsListed(address) })
    this.details = new DetailFetch({
      client: this.client,
      history: this.history,
      scope: () => {
        const addresses = deps.watchlist.watchedPubkeys()
        return { addresses, authorities: target.wallet ? [...addresses, target.wallet] : addresses }
      },
      stopped: () => this.stopped,
      onProgress: () => deps.onLiveStatus(),
    })
    this.accountSync = new AccountSyncSchedule({
      sync:
        target.credential === null
          ? null
          : new AccountWatchlistSync({
              source: new AccountWatchlist({ baseUrl: target.httpUrl, headers }),
              watchlist: deps.watchlist,
              account: accountKey(indexerKey(target.httpUrl), target.wallet),
            }),
      keepInStep: () => deps.keepWatchlistInStep?.() === true,
      onResult: (result) => deps.push('accountSync', result),
      log: deps.log,
    })
    this.unsubscribeWatchlist = deps.watchlist.onChange((_watchlist, change) => {
      if (change.kind.startsWith('address-')) {
        this.details.watchedChanged()
        this.accountSync.soon()
      }
    })
    this.inbox =
      target.credential === null
        ? null
        : new IndexerInbox({
            source: this.client,
            held: (ids) => deps.centre.heldNotifications(ids),
            deliver: (fresh, known, readThere, initial) => {
              deps.centre.notifications(known, false)
              deps.centre.notifications(fresh, !initial)
              deps.centre.applyRemoteRead(readThere)
            },
            log: deps.log,
            onProblem: (problem) => this.pollProblem(problem),
            onReadFailed: (problem) => deps.push('problem', problem),
            onUnauthorized: (problem) => deps.onUnauthorized?.(problem),
          })
    this.inboxSchedule = this.inbox ? new InboxSchedule(this.inbox) : null
    this.poller = new Poller()
    this.stats = new StatsPolls({
      source: this.client,
      poller: this.poller,
      intervals: { seriesMs: deps.polling.seriesMs, leaderboardMs: deps.polling.leaderboardMs },
      onSeries: (series) => {
        this.history.recordSeries(series)
        deps.push('series', [series])
      },
      onLeaderboard: (query, entries) => {
        this.history.recordLeaderboard(query, entries)
        deps.push('leaderboard', { entries, freshness: { source: 'network', fetchedAt: Date.now() } })
      },
      onProblem: (problem) => this.pollProblem(problem),
    })
    this.revocations = new RevocationReads({
      client: this.client,
      cache: deps.history,
      history: this.history,
      indexer: indexerKey(target.httpUrl),
      wallet: target.wallet,
      watchlist: deps.watchlist,
      centre: deps.centre,
      log: deps.log,
      rateLimit,
      stopped: () => this.stopped,
      onProblem: (problem) => this.pollProblem(problem),
      intervalMs: deps.rereads?.revocationsMs,
    })
    const circuits = circuitReads({
      client: this.client,
      history: this.history,
      watchlist: deps.watchlist,
      wallet: target.wallet,
      centre: deps.centre,
      log: deps.log,
      stopped: () => this.stopped,
      intervalMs: deps.rereads?.circuitsMs,
    })
    this.circuitWatch = circuits.watch
    this.circuits = circuits.registry
    this.displayNames = new DisplayNames({
      client: this.client,
      history: this.history,
      onRead: (names) => {
        if (!this.stopped) deps.push('displayNames', names)
      },
    })
    this.live = new LiveService({
      source: this.client,
      wsUrl: target.wsUrl,
      headers,
      poller: this.poller,
      overviewPollMs: deps.polling.overviewMs,
      userChannels: target.credential !== null,
      userAuthority: target.wallet,
      pushMemory: deps.pushMemory,
      indexerKey: indexerKey(target.httpUrl),
      rateLimit,
      addresses: deps.watchlist.watchedPubkeys(),
      circuits: deps.watchlist.followedCircuitIds(),
      handlers: {
        onOverview: (overview) => {
          this.history.recordOverview(overview)
          deps.push('overview', overview)
        },
        // Fetched pages are kept in full first; a summary never replaces a full record.
        // A page that lands after the session stopped is dropped, as the streams drop its events.
        onProofRecords: (proofs) => {
          if (!this.stopped) this.history.recordProofs(proofs)
        },
        onProofs: (proofs, meta) => {
          this.history.recordProofSummaries(proofs)
          this.recentProofs.add(proofs)
          // The first sync's pages are history (up to 100 pages), not news: relayed whole, a view would put
          // them above the rows it holds. Only the newest, what a feed shows, are relayed: a view that loaded
          // before the socket came up gets what happened since; the rest is read by paging.
          deps.push('proofs', meta.origin === 'initial' ? proofs.slice(-RECENT_PROOFS_CAP) : proofs)
          // Only what the socket pushed is a summary; fetched pages were kept in full above.
          if (meta.origin === 'live') this.details.fill(proofs)
        },
        onUserProofs: (proofs, meta) => {
          this.history.recordProofSummaries(proofs, { own: true })
          if (meta.origin === 'live') this.details.fill(proofs)
          this.relayActivity('userProofs', proofs, meta.origin)
        },
        onNotifications: (notifications, meta) => {
          deps.centre.notifications(notifications, meta.origin !== 'initial')
          // The socket leaves data.url out: the indexer's list names what they are about.
          if (notifications.some((n) => !n.subject)) this.inboxSchedule?.followUpSoon()
        },
        // A backfill's thousands in parts, a turn each (paced-handoff.ts).
        onAddressTransactions: (items, meta) => this.addressTransactions.push(items, meta.origin),
        onCircuitProofs: (items, meta) => {
          this.history.recordProofSummaries(items.map((item) => item.proof))
          deps.watchlist.noteCircuitProofs(items)
          this.relayActivity('circuitProofs', items, meta.origin)
        },
        onCircuitMode: (circuitId, mode, reason) => deps.watchlist.setCircuitMode(circuitId, mode, reason),
        onStatus: () => {
          this.noteSocket()
          deps.onLiveStatus()
        },
        onCounters: () => deps.onLiveCounters?.(),
        onProblem: (problem) => this.pollProblem(problem),
      },
      ...deps.live,
    })
  }

  start(): void {
    // Edits made offline or signed out are carried over as the session starts (each sign-in starts one).
    this.accountSync.soon(0)
    this.live.start()
    this.revocations.start()
    this.circuitWatch.start()
    // What an earlier run left unfetched is taken up again from the cache.
    this.details.wake()
    this.inboxSchedule?.start()
  }

  stop(): void {
    // What was fetched is stored and told, however many parts still wait.
    this.addressTransactions.drain()
    this.stopped = true
    this.details.stop()
    this.unsubscribeWatchlist()
    this.live.stop()
    this.revocations.stop()
    this.circuitWatch.stop()
    this.displayNames.stop()
    this.poller.stop()
    this.inboxSchedule?.stop()
    this.accountSync.stop()
  }

  /** Reconciles the watchlist with the account now; refused without a session on this indexer. */
  syncAccountWatchlist(): Promise<AccountSyncResult> {
    return this.accountSync.run()
  }

  accountSyncResult(): AccountSyncResult | null {
    return this.accountSync.lastResult()
  }

  liveStatus(): LiveServiceStatus {
    return this.live.status()
  }

  getRecentProofs(): ProofSummary[] {
    return this.recentProofs.newestFirst()
  }

  setActivity(activity: Activity): void {
    this.live.setActivity(activity)
  }

  setPolling(polling: PollingIntervals): void {
    this.stats.setIntervals?.({ seriesMs: polling.seriesMs, leaderboardMs: polling.leaderboardMs })
  }

  /** The series a view just asked for joins those polled (the oldest beyond a few drop out). */
  followSeries(query: SeriesQuery): void {
    this.stats.followRecentSeries(query)
  }

  followLeaderboard(query: LeaderboardQuery): void {
    this.stats.followLeaderboard(query)
  }

  /**
   * Asks the indexer whether it knows a circuit before it is followed, so a
   * typo is refused with the server's words instead of failing every poll.
   * Unreachable is not a refusal: it is followed and checked when back.
   */
  async checkCircuit(circuitId: string): Promise<void> {
    if (typeof circuitId !== 'string' || circuitId.trim() === '') return
    try {
      await this.client.proofsByCircuit(circuitId.trim(), { limit: 1 })
    } catch (error) {
      const info = toErrorInfo(error)
      if (errorKind(info) === 'permanent') {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `The indexer does not know circuit ${circuitId.trim().slice(0, 64)}: ${info.message}` })
      }
    }
  }

  /** How far the background fetch of full records of what the user watches has got. */
  detailProgress(): DetailFetchProgress {
    return this.details.progress()
  }

  /** The indexer's HTTP health, from every request the client made (reads, polls, backfills). */
  get http(): HttpHealthState {
    return this.health.current
  }

  /** Watched addresses' transactions, fetched or pushed: stored, their details fetched, counted, relayed. */
  private addressTransactionsArrived(items: AddressTransaction[], origin: EventOrigin): void {
    for (const item of items) this.history.recordTransactions([item.transaction], { address: item.address })
    this.details.transactionsArrived(items.map((item) => item.transaction.signature))
    this.deps.watchlist.noteAddressTransactions(items)
    this.relayActivity('addressTransactions', items, origin)
  }

  /**
   * What the first fetch of a followed stream finds is history, not news: it
   * is stored but neither relayed as events nor added to the notification
   * centre. Live, backfilled and polled items are both, one entry per thing
   * that happened (the centre pairs and groups them).
   */
  private relayActivity<E extends 'userProofs' | 'addressTransactions' | 'circuitProofs'>(event: E, items: BridgeEvents[E], origin: EventOrigin): void {
    if (origin === 'initial' || items.length === 0) return
    this.deps.push(event, items)
    const centre = this.deps.centre
    if (event === 'userProofs') centre.userProofs(items as ProofSummary[])
    else if (event === 'addressTransactions') centre.addressTransactions(items as AddressTransaction[])
    else centre.circuitProofs(items as CircuitProof[])
  }

  /** After every (re)connect the fetcher goes on and the indexer's own notification list is read down to what is held. */
  private noteSocket(): void {
    const live = this.live.status().socket.state === 'live'
    if (live) this.details.online()
    this.inboxSchedule?.socketState(live)
  }

  /** New records of what the user watches may be in the cache: transactions were listed (for `address`; null: any). */
  private transactionsListed(address: string | null): void {
    if (address !== null && !this.deps.watchlist.isWatched(address)) return
    this.details.watchedChanged()
  }

  /**
   * An indexer out of reach is said once, by the connection state in the
   * header; each poll failing for that reason too would only repeat it.
   */
  private pollProblem(problem: ErrorInfo): void {
    this.deps.log.warn('indexer problem', problem)
    if (isOfflineError(problem)) return
    this.deps.push('problem', problem)
  }
}
