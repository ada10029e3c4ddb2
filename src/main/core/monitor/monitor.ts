/**
 * The core as one object, as both transports serve it: every bridge method,
 * the event batches to the page (redacted), and the parts it wires together
 * (history cache, watchlist, notification centre, sign-in, health). The
 * indexer switch and the connection projection live beside it; it is large
 * because the bridge is wide, and each method is a few lines of delegation.
 */
import type { Writable } from 'node:stream'
import type {
  BridgeEvent,
  BridgeEventName,
  BridgeEvents,
  BridgeMethods,
  ExportOutcome,
  FollowCircuitInput,
  SearchInput,
  Unsubscribe,
  WatchAddressInput,
} from '@shared/bridge'
import type {
  CircuitList,
  AppNotification,
  ConnectionState,
  Leaderboard,
  LeaderboardQuery,
  ErrorInfo,
  Overview,
  Page,
  Proof,
  ProofQuery,
  ProofSummary,
  ReadOptions,
  Series,
  SeriesQuery,
  Subject,
  Transaction,
  TransactionDetail,
  TransactionQuery,
} from '@shared/domain'
import type { AddressActivity, AddressActivityQuery, CacheInfo, ExportRequest, ExportResult, NotificationQuery, SearchHit } from '@shared/history'
import type { AppInfo, ConnectionReport, ProfileInput, PublicSettings, SettingsPatch } from '@shared/settings'
import type { UnreadCounts } from '@shared/unread'
import type { AccountSyncResult, Watchlist } from '@shared/watchlist'
import { summaryFromProof } from '@shared/proof-summary'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import type { AuthState } from '@shared/auth'
import type { CircuitCatalog } from '@shared/circuits'
import type { DisplayName } from '@shared/profiles'
import { testProfileConnection } from '../session/connection-test'
import { KnownSecrets } from '../config/known-secrets'
import { EventBatcher } from '../bridge/event-batcher'
import { clusterOfChain, explorerUrl } from '../links/explorer-links'
import { DEFAULT_SIGN_IN_CHAIN } from '../indexer/sign-in'
import { exportToFile, writeExport } from '../history/export'
import { HistoryCache } from '../history/history-cache'
import { createParameterMemory } from '../indexer/negotiation'
import { createPushMemory } from '../live/push-watch'
import { IndexerSession, type SessionDeps } from '../session/indexer-session'
import { shortId } from '@shared/ids'
import { NotificationCentre, type NotificationCentreDeps } from '../notify/notification-centre'
import { healthEntry } from '../notify/health-entries'
import { HealthWatch } from '../notify/health-watch'
import { Notifier } from '../notify/notifier'
import { systemClock, type NotifyClock } from '../notify/timers'
import type { IndexerTarget } from '../session/indexer-target'
import type { LaunchOptions } from '../config/launch-options'
import type { LiveServiceOptions } from '../live/live-service'
import { silentLogger, type Logger } from '../log/log'
import type { Activity } from '../polling/poller'
import { memorySecretStorage, type SecretStorage } from '../config/secrets'
import { applySettingsPatch, publicSettings, type SettingsStorage } from '../config/settings'
import { WatchlistModel } from '../watchlist/watchlist-model'
import { refusedChannelOf } from '../live/frame-errors'
import { healthFingerprint, projectConnection } from './connection-projection'
import { IndexerSwitch, type BuiltInDemo } from './indexer-switch'
import { SignInService, type SignInServiceOptions } from '../sign-in/sign-in-service'
import { AccountSecurity, type AccountSecurityOptions } from '../sign-in/account-security'
import type { AccountPreferences, AccountPreferencesState, AccountSessions } from '@shared/account'
import { expandHome } from '../sign-in/keypair-file'
import { sessionSecrets } from '../sign-in/stored-session'
import { SettingsSnapshot } from '../config/settings-snapshot'

/** The core as one object: implements the bridge methods and pushes event batches. */
export interface Monitor extends BridgeMethods {
  start(): Promise<void>
  stop(): Promise<void>
  /** Batched events for the transport; one call per flush, never one per indexer event. */
  onEvents(listener: (batch: BridgeEvent[]) => void): Unsubscribe
  /** Network reachability from the OS (Electron `net`): offline stops retrying until back. */
  setOnline(online: boolean): void
  /** The system goes to sleep / wakes up: on wake, reconnect at once. */
  suspend(): void
  resume(): void
  /** Window visibility and system idleness: fewer polls while nobody looks. */
  setActivity(activity: Activity): void
  /**
   * Pushes an event from the transport's side (a deep link to show, a link refused): it reaches the
   * page the one way every event does, batched and redacted with the core's own.
   */
  emit<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
  /** How this transport delivers an export (a file dialog, a download link). */
  setExportDestination(destination: ExportDestination): void
  /** How this transport opens an external https link; without one the page opens it. */
  setExternalOpener(open: (url: string) => Promise<boolean>): void
  /**
   * How this transport helps sign-in: open the one-time sign-in page in the
   * system browser (desktop; without it the page opens a tab), and pick a
   * keypair file (desktop file dialog; null when cancelled).
   */
  setSignInHooks(hooks: { openBrowser?: (url: string) => Promise<boolean>; pickKeypairFile?: () => Promise<string | null> }): void
  /** Every credential this monitor holds or has used: redacted from what its events carry, and by the transports from every answer. */
  readonly knownSecrets: KnownSecrets
}

/** Writes the rows of an export: to a stream (a download) or a file (atomically). */
export interface ExportWriters {
  toStream(out: Writable): Promise<ExportResult>
  toFile(path: string): Promise<ExportResult>
}

export type ExportDestination = (request: ExportRequest, writers: ExportWriters) => Promise<ExportOutcome>

export interface MonitorOptions {
  settings: SettingsStorage
  /** Where credentials are kept; memory when not given. */
  secrets?: SecretStorage
  /** Flags and environment of this launch; they override saved settings for this run. */
  launch?: LaunchOptions
  log?: Logger
  /** The history cache file; null keeps it in memory (tests, or no usable data directory). */
  historyPath?: string | null
  /** Shared with the log, so a line never shows a credential this monitor learns of; one of its own when not given. */
  knownSecrets?: KnownSecrets
  appInfo?: Partial<Omit<AppInfo, 'secrets'>>
  /** The folder of the built sign-in page (sign-in.html); null or absent: no browser-wallet sign-in. */
  signInPageRoot?: string | null
  /** Where the demo wallet's keypair file is written at the demo's first start (so keypair sign-in can be tried); null: nowhere. */
  demoKeypairPath?: string | null
  /** The built-in demo, watched when no indexer is configured; absent: none in this run. */
  demo?: BuiltInDemo | null
}

export interface MonitorDeps {
  /** Tuning for tests: the live service's options (transport timings, backfill). */
  live?: Partial<LiveServiceOptions>
  history?: Partial<Parameters<typeof HistoryCache.open>[0]>
  /** Tuning for tests: the sign-in service's clock and page lifetime. */
  signIn?: Pick<SignInServiceOptions, 'now' | 'pageLifetimeMs' | 'sleep'>
  account?: Pick<AccountSecurityOptions, 'now' | 'checkEveryMs'>
  /** Tuning for tests: how long a proof waits for its notification, how bursts are cut. */
  notify?: NotificationCentreDeps['entries']
  /** Time for the decision path and the health alerts (tests drive it by hand). */
  clock?: NotifyClock
  /** Tuning for tests: how often never-pushed state (revocations, circuits) is read again. */
  rereads?: SessionDeps['rereads']
}

/** Counters and the last event are pushed at most this often while events flow; nothing wakes while idle. */
const HEALTH_PUSH_MS = 1_000

export function createMonitor(options: MonitorOptions, deps: MonitorDeps = {}): Monitor {
  return new IndexerMonitor(options, deps)
}

class IndexerMonitor implements Monitor {
  private readonly log: Logger
  private readonly secrets: SecretStorage
  private launch: LaunchOptions
  private readonly listeners = new Set<(batch: BridgeEvent[]) => void>()
  readonly knownSecrets: KnownSecrets
  // An indexer may echo a credential in any record or error: what leaves for a page never carries one.
  private readonly batcher = new EventBatcher((batch) => {
    const shown = this.knownSecrets.redactValue(batch)
    this.listeners.forEach((l) => l(shown))
  })
  /** What each indexer accepted (e.g. metric names), kept across reconnects and switches. */
  private readonly parameterMemory = createParameterMemory()
  private readonly pushMemory = createPushMemory()
  /** The address page shown, for the live side's faster reads (kept across indexer switches). */
  private openAddress: string | null = null
  private history: HistoryCache | null = null
  private readonly watchlist: WatchlistModel
  private readonly centre: NotificationCentre
  /** The one decision path: which of the centre's events pop up, under the user's rules. */
  private readonly notifier: Notifier
  private readonly health: HealthWatch
  private readonly indexer: IndexerSwitch
  private running = false
  private paused = false
  /** When the live side last stopped (paused, or no session yet): "since" counts from there, not from each read. */
  private stoppedSince = Date.now()
  private activity: Activity = { visible: true, idle: false }
  private exportDestination: ExportDestination | null = null
  private openExternalUrl: ((url: string) => Promise<boolean>) | null = null
  private readonly unsubscribers: Array<() => void> = []
  private healthTimer: ReturnType<typeof setTimeout> | null = null
  private lastHealth = ''
  private releaseSessionSecret: () => void = () => {}
  private readonly signIn: SignInService
  private readonly account: AccountSecurity
  private readonly settings: SettingsSnapshot
  private pickKeypairFile: (() => Promise<string | null>) | null = null
  private openSignInPage: ((url: string) => Promise<boolean>) | null = null

  constructor(
    private readonly options: MonitorOptions,
    private readonly deps: MonitorDeps,
  ) {
    this.launch = options.launch ?? {}
    this.settings = new SettingsSnapshot(options.settings)
    this.secrets = options.secrets ?? memorySecretStorage()
    this.knownSecrets = options.knownSecrets ?? new KnownSecrets()
    this.knownSecrets.watch(this.secrets)
    this.knownSecrets.addCredential(this.launch.credential)
    // Whatever log it is handed, nothing the core logs carries a credential it holds.
    this.log = this.knownSecrets.logger(options.log ?? silentLogger)
    this.indexer = new IndexerSwitch({
      settings: this.settings,
      secrets: this.secrets,
      launch: () => this.launch,
      demo: options.demo ?? null,
      demoKeypairPath: options.demoKeypairPath ?? null,
      log: this.log,
      open: (target) => this.openSession(target),
      opened: (session) => this.sessionOpened(session),
      closed: () => this.centre.attach(null),
    })
    this.centre = new NotificationCentre({
      push: (event, payload) => {
        if (event !== 'notificationsRead') return this.batcher.push(event, payload)
        // In a batch of its own: entries pushed before it are on the page before it marks them, later ones after.
        this.batcher.flush()
        this.batcher.push(event, payload)
        this.batcher.flush()
      },
      flushHistory: () => this.history?.flush() ?? Promise.resolve(),
      log: this.log,
      describeAddress: (pubkey) => this.describeAddress(pubkey),
      followsAddress: (pubkey) => this.watchlist.isWatched(pubkey),
      ...(deps.notify ? { entries: deps.notify } : {}),
    })
    this.signIn = new SignInService({
      // A session that cannot be written is told, never thrown (stored-session.ts).
      secrets: sessionSecrets(this.secrets, (problem) => {
        this.log.warn(problem.message)
        this.batcher.push('problem', problem)
      }),
      log: this.log,
      target: () => {
        const target = this.session?.target
        return target ? { httpUrl: target.httpUrl, demo: target.demo, wallet: target.wallet, pastedCredential: target.pastedCredential } : null
      },
      onChange: (state) => this.batcher.push('auth', state),
      onSession: (change) => this.sessionChanged(change.user?.pubkey ?? null),
      // Through the centre: kept, counted unread, and decided on for the one native notification.
      onSignedOut: (notice) => this.centre.notifications([notice]),
      pageRoot: options.signInPageRoot ?? null,
      openBrowser: (url) => (this.openSignInPage ? this.openSignInPage(url) : Promise.resolve(false)),
      ...deps.signIn,
    })
    this.account = new AccountSecurity({
      secrets: this.secrets,
      log: this.log,
      target: () => (this.session ? { httpUrl: this.session.target.httpUrl } : null),
      onNewSignIn: (notice) => this.centre.notifications([notice]),
      ...deps.account,
    })
    this.notifier = new Notifier({
      rules: () => this.settings.current().notifications,
      show: (notice) => this.batcher.push('notice', [notice]),
      ...(deps.clock ? { clock: deps.clock } : {}),
    })
    this.centre.onCandidates((candidates) => this.notifier.consider(candidates))
    this.health = new HealthWatch({
      clock: deps.clock ?? systemClock,
      rules: () => this.settings.current().notifications.health,
      raise: (alert) => {
        const { entry, candidate } = healthEntry(alert)
        this.centre.record([entry], [candidate])
      },
    })
    this.watchlist = new WatchlistModel({
      store: {
        read: () => this.settings.read().watchlist ?? undefined,
        write: (watchlist) => this.settings.write({ ...this.settings.read(), watchlist }),
      },
      log: this.log,
      onProblem: (problem) => this.batcher.push('problem', problem),
    })
    this.unsubscribers.push(
      this.watchlist.onChange((watchlist, change) => {
        this.batcher.push('watchlist', watchlist)
        this.notifier.setWatchlist(watchlist)
        this.updateRetentionPolicy()
        this.followWatchlist(change)
      }),
    )
  }

  onEvents(listener: (batch: BridgeEvent[]) => void): Unsubscribe {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void {
    this.batcher.push(event, payload)
  }

  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    const notice = this.settings.notice
    if (notice) this.batcher.push('problem', { code: 'INTERNAL', message: notice })
    this.openHistory()
    this.applyLaunchAdditions()
    this.notifier.setWatchlist(this.watchlist.snapshot())
    await this.indexer.connect()
    if (this.launch.keypair) await this.signInWithLaunchKeypair(this.launch.keypair)
    this.account.start()
    // Learns the account's sessions as they are now, so that a later sign-in elsewhere is told.
    void this.account.sessions()
  }

  async stop(): Promise<void> {
    this.running = false
    if (this.healthTimer) clearTimeout(this.healthTimer)
    this.healthTimer = null
    await this.indexer.settled()
    await this.signIn.dispose()
    this.account.dispose()
    await this.indexer.close()
    this.watchlist.flush()
    this.watchlist.dispose()
    this.unsubscribers.forEach((u) => u())
    this.centre.dispose()
    this.notifier.dispose()
    this.health.dispose()
    await this.history?.close()
    this.history = null
    this.batcher.flush()
    this.batcher.dispose()
  }

  // --- hooks from the transport's platform ----------------------------------

  setOnline(online: boolean): void {
    this.session?.live.setOnline(online)
  }
  suspend(): void {
    this.session?.live.suspend()
  }
  resume(): void {
    this.session?.live.resume()
  }
  setActivity(activity: Activity): void {
    this.activity = activity
    this.session?.setActivity(activity)
  }
  setExportDestination(destination: ExportDestination): void {
    this.exportDestination = destination
  }
  setExternalOpener(open: (url: string) => Promise<boolean>): void {
    this.openExternalUrl = open
  }
  setSignInHooks(hooks: { openBrowser?: (url: string) => Promise<boolean>; pickKeypairFile?: () => Promise<string | null> }): void {
    this.openSignInPage = hooks.openBrowser ?? null
    this.pickKeypairFile = hooks.pickKeypairFile ?? null
  }

  // --- reads: cache first or network first, always written through -----------

  getOverview(options?: ReadOptions): Promise<Overview> {
    return this.read((s) => s.cached.overview(options))
  }
  getSeries(query: SeriesQuery, options?: ReadOptions): Promise<Series> {
    return this.read((s) => {
      s.followSeries(query)
      return s.cached.series(query, options)
    })
  }
  getLeaderboard(query: LeaderboardQuery, options?: ReadOptions): Promise<Leaderboard> {
    return this.read((s) => {
      s.followLeaderboard(query)
      return s.cached.leaderboard(query, options)
    })
  }
  listProofs(query: ProofQuery, options?: ReadOptions): Promise<Page<Proof>> {
    return this.read((s) => s.cached.listProofs(query, options))
  }
  getProof(proofAccount: string, options?: ReadOptions): Promise<Proof> {
    return this.read((s) => s.cached.proof(proofAccount, options))
  }
  listCircuits(options?: ReadOptions): Promise<CircuitList> {
    return this.read((s) => s.cached.circuits(options))
  }
  getCircuitCatalog(options?: ReadOptions): Promise<CircuitCatalog> {
    return this.read((s) => s.circuits.read(options))
  }
  getDisplayName(pubkey: string): Promise<DisplayName> {
    return this.read((s) => s.displayNames.get(pubkey))
  }
  listTransactions(query: TransactionQuery, options?: ReadOptions): Promise<Page<Transaction>> {
    return this.read((s) => s.cached.listTransactions(query, options))
  }
  getTransaction(signature: string, options?: ReadOptions): Promise<TransactionDetail> {
    return this.read((s) => s.cached.transaction(signature, options))
  }

  // --- settings ---------------------------------------------------------------

  async getSettings(): Promise<PublicSettings> {
    return this.publicSettings()
  }

  async updateSettings(patch: SettingsPatch): Promise<PublicSettings> {
    const before = this.settings.read()
    const { settings, credentials } = applySettingsPatch(before, patch)
    // The secret store is watched by knownSecrets: a saved credential is redacted while saved, not for the rest of the run.
    for (const [id, value] of credentials) this.secrets.set(id, value)
    this.settings.write(settings)
    if (patch.cache) this.history?.setLimits(settings.cache)
    if (patch.polling) this.session?.setPolling(settings.polling)
    if (patch.notifications) this.health.rulesChanged()
    // Opting in reconciles at once; the outcome comes as an accountSync event.
    if (patch.syncWatchlistWithAccount === true && before.syncWatchlistWithAccount !== true) {
      this.session?.syncAccountWatchlist().catch((error: unknown) => this.log.warn('The watchlist could not be reconciled with the account', toErrorInfo(error)))
    }
    const shown = this.publicSettings()
    this.batcher.push('settings', shown)
    // Reconnect only when what is watched changed: another profile, or the active one's URLs, wallet or credential.
    const activeBefore = before.profiles.find((p) => p.id === before.activeProfileId)
    const activeAfter = settings.profiles.find((p) => p.id === settings.activeProfileId)
    const changesIndexer =
      before.activeProfileId !== settings.activeProfileId ||
      JSON.stringify(activeBefore ?? null) !== JSON.stringify(activeAfter ?? null) ||
      credentials.has(settings.activeProfileId)
    if (changesIndexer) {
      // What the user saves in the app wins over this launch's flags from now on.
      this.launch = { ...this.launch, indexerUrl: undefined, wsUrl: undefined, credential: undefined }
      if (this.running) await this.reconnectTo()
    }
    return shown
  }

  async testConnection(profile: ProfileInput): Promise<ConnectionReport> {
    return testProfileConnection(profile, {
      saved: this.settings.read(),
      secrets: this.secrets,
      learnCredential: (credential) => this.knownSecrets.borrowCredential(credential),
    })
  }

  async getAppInfo(): Promise<AppInfo> {
    const info = this.options.appInfo ?? {}
    return {
      platform: info.platform ?? 'browser',
      version: info.version ?? '0.0.0',
      dataDir: info.dataDir ?? null,
      logFile: info.logFile ?? null,
      secrets: { encrypted: this.secrets.encrypted, warning: this.secrets.warning },
    }
  }

  // --- connection -------------------------------------------------------------

  async getConnection(): Promise<ConnectionState> {
    return this.connectionState()
  }

  async reconnectNow(): Promise<ConnectionState> {
    if (this.paused) await this.setLivePaused(false)
    else this.session?.live.reconnectNow('reconnect asked')
    return this.connectionState()
  }

  async setLivePaused(paused: boolean): Promise<ConnectionState> {
    if (paused === this.paused) return this.connectionState()
    this.paused = paused
    this.stoppedSince = Date.now()
    this.log.info(paused ? 'live feed paused' : 'live feed resumed')
    if (paused) this.session?.stop()
    else if (this.running) await this.reconnectTo()
    this.pushConnection()
    return this.connectionState()
  }

  async getRecentProofs(): Promise<ProofSummary[]> {
    if (this.session) {
      const held = this.session.getRecentProofs()
      if (held.length > 0) return held
      // Nothing live yet (a start, or offline): the cache's newest proofs.
      const cached = await this.session.cached.listProofs({ limit: 50 }, { source: 'cache' })
      return cached.items.map(summaryFromProof)
    }
    return []
  }

  // --- watchlist ---------------------------------------------------------------

  async getWatchlist(): Promise<Watchlist> {
    return this.watchlist.snapshot()
  }
  async watchAddress(input: WatchAddressInput): Promise<Watchlist> {
    return this.watchlist.watchAddress(input)
  }
  async unwatchAddress(pubkey: string): Promise<Watchlist> {
    return this.watchlist.unwatchAddress(pubkey)
  }
  async setAddressLocalOnly(pubkey: string, localOnly: boolean): Promise<Watchlist> {
    return this.watchlist.setLocalOnly(pubkey, localOnly)
  }
  async syncAccountWatchlist(): Promise<AccountSyncResult> {
    return this.requireSession().syncAccountWatchlist()
  }
  async getAccountSync(): Promise<AccountSyncResult | null> {
    return this.session?.accountSyncResult() ?? null
  }
  async followCircuit(input: FollowCircuitInput): Promise<Watchlist> {
    await this.session?.checkCircuit(input.circuitId)
    return this.watchlist.followCircuit(input)
  }
  async unfollowCircuit(circuitId: string): Promise<Watchlist> {
    return this.watchlist.unfollowCircuit(circuitId)
  }
  async markWatchRead(subject: Subject): Promise<Watchlist> {
    const topic = this.watchlist.requireFollowed(subject)
    this.requireSession()
    await this.centre.markTopicRead(topic)
    return this.watchlist.snapshot()
  }

  // --- notification centre, search, cache, export ------------------------------------

  async listNotifications(query: NotificationQuery): Promise<Page<AppNotification>> {
    const session = this.requireSession()
    await this.history?.flush()
    return session.history.listNotifications(query).data
  }

  async markNotificationsRead(ids: string[] | 'all'): Promise<UnreadCounts> {
    this.requireSession()
    return this.centre.markRead(ids)
  }

  async getUnread(): Promise<UnreadCounts> {
    return this.centre.unread()
  }

  async search(input: SearchInput): Promise<SearchHit[]> {
    const session = this.requireSession()
    await this.history?.flush()
    return session.cached.search(input.text, { network: input.network ?? false })
  }

  async getAddressActivity(query: AddressActivityQuery): Promise<AddressActivity> {
    const session = this.requireSession()
    await this.history?.flush()
    return session.history.addressActivity(query)
  }

  async getCacheInfo(): Promise<CacheInfo> {
    return this.requireHistory().info()
  }

  async clearCache(options: { everything: boolean }): Promise<CacheInfo> {
    const history = this.requireHistory()
    await history.clear(options)
    const info = history.info()
    this.batcher.push('cache', info)
    return info
  }

  async exportHistory(request: ExportRequest): Promise<ExportOutcome> {
    const session = this.requireSession()
    if (!this.exportDestination) {
      throw new ProofWatchError({ code: 'INTERNAL', message: 'Export is not available here' })
    }
    await this.history?.flush()
    return this.exportDestination(request, {
      toStream: (out) => writeExport(session.history, request, out),
      toFile: (path) => exportToFile(session.history, request, path),
    })
  }

  async openExternal(subject: Subject): Promise<{ url: string; opened: boolean }> {
    // The demo's records are made up: no explorer has them, on any cluster.
    if (this.session?.target.demo) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'The demo indexer’s records are made up: no block explorer has them' })
    // The explorer of the cluster the indexer belongs to, not mainnet by default.
    const cluster = clusterOfChain(DEFAULT_SIGN_IN_CHAIN)
    if (cluster === null) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `No public block explorer shows ${DEFAULT_SIGN_IN_CHAIN}` })
    const url = explorerUrl(subject, cluster)
    const opened = this.openExternalUrl ? await this.openExternalUrl(url) : false
    return { url, opened }
  }

  // --- sign-in -------------------------------------------------------------------

  async getAuth(): Promise<AuthState> {
    return this.signIn.refreshAvailability()
  }

  async signInWithWallet(): Promise<{ url: string; opened: boolean }> {
    return this.signIn.beginBrowserSignIn()
  }

  async signInWithKeypair(path: string | null): Promise<AuthState> {
    let file = path
    if (file === null) {
      if (!this.pickKeypairFile) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'Type the path of the keypair file (for example ~/.config/solana/id.json).' })
      file = await this.pickKeypairFile()
      if (file === null) return this.signIn.snapshot()
    }
    return this.signIn.signInWithKeypair(expandHome(file))
  }

  async getAccountSessions(): Promise<AccountSessions> {
    return this.account.sessions()
  }

  async endAccountSession(id: string): Promise<AccountSessions> {
    return this.account.endSession(id)
  }

  async getAccountPreferences(): Promise<AccountPreferencesState> {
    return this.account.preferences()
  }

  async setAccountPreferences(patch: Partial<AccountPreferences>): Promise<AccountPreferencesState> {
    return this.account.setPreferences(patch)
  }

  async confirmSignIn(id: string, accept: boolean): Promise<AuthState> {
    return this.signIn.confirmSignIn(id, accept)
  }

  async signOut(): Promise<AuthState> {
    return this.signIn.signOut()
  }

  async setOpenAddress(pubkey: string | null): Promise<void> {
    this.openAddress = pubkey
    this.applyOpenAddress()
  }

  /** Only watched addresses are polled: an address watched while its page is open is read faster from then on. */
  private applyOpenAddress(): void {
    this.session?.live.setOpenAddress(this.openAddress)
  }

  /** `--keypair` at launch: a failure is said (log and banner) and the app runs on without the sign-in. */
  private async signInWithLaunchKeypair(path: string): Promise<void> {
    try {
      const state = await this.signIn.signInWithKeypair(expandHome(path), 'launch')
      if (state.confirmation !== null) {
        this.batcher.push('problem', {
          code: 'INVALID_ARGUMENT',
          message: `Sign-in with --keypair is waiting: ${state.confirmation.domain} was not confirmed for this indexer yet. Read and confirm the message in Settings → Account.`,
        })
      }
    } catch (error) {
      const info = toErrorInfo(error)
      this.log.warn('--keypair sign-in failed', info)
      this.batcher.push('problem', { ...info, message: `Sign-in with --keypair failed: ${info.message}` })
    }
  }

  /** A sign-in started or ended: a named profile follows the signed-in wallet, and the user channels follow the session. */
  private async sessionChanged(wallet: string | null): Promise<void> {
    const saved = this.settings.read()
    const profile = saved.profiles.find((p) => p.id === saved.activeProfileId)
    if (wallet !== null && profile && !this.launch.indexerUrl && profile.wallet !== wallet) {
      profile.wallet = wallet
      this.settings.write(saved)
      this.batcher.push('settings', this.publicSettings())
    }
    if (this.running) await this.reconnectTo()
    if (wallet !== null) void this.account.sessions()
  }

  // --- connection management ---------------------------------------------------

  /** A watched address as the user named it, else shortened. */
  private describeAddress(pubkey: string): string {
    const held = this.watchlist.snapshot().addresses.find((a) => a.pubkey === pubkey)
    // The account's label where the user gave none here.
    return held?.label ?? held?.accountLabel ?? shortId(pubkey)
  }

  private publicSettings(): PublicSettings {
    const shown = publicSettings(this.settings.read(), this.secrets, this.indexer.demoWallet)
    // The chosen profile is not what this run watches: Settings must not call it "in use".
    return this.launch.indexerUrl ? { ...shown, launchIndexerUrl: this.launch.indexerUrl } : shown
  }

  private openHistory(): void {
    if (this.history) return
    const settings = this.settings.read()
    this.history = HistoryCache.open({ path: this.options.historyPath ?? ':memory:', limits: settings.cache, ...this.deps.history })
    this.updateRetentionPolicy()
    // Not info(): counting a big cache's rows would hold up the first read for nothing when the file is sound.
    const damage = this.history.damage
    if (damage) {
      this.log.warn('history cache damaged', damage)
      this.batcher.push('cache', this.history.info())
    }
    this.unsubscribers.push(
      this.history.onDamage((damage) => {
        if (damage) this.log.warn('history cache damaged', damage)
        if (this.history) this.batcher.push('cache', this.history.info())
      }),
      this.history.onProblem((problem) => {
        this.log.warn('history cache problem', problem)
        this.batcher.push('problem', problem)
      }),
    )
  }

  /** `--watch` adds to the saved watchlist; `--wallet` is saved to the active profile. */
  private applyLaunchAdditions(): void {
    for (const pubkey of this.launch.watch ?? []) {
      if (!this.watchlist.isWatched(pubkey)) this.watchlist.watchAddress({ pubkey })
    }
    const wallet = this.launch.wallet
    const saved = this.settings.read()
    const profile = saved.profiles.find((p) => p.id === saved.activeProfileId)
    if (wallet && profile && !this.launch.indexerUrl && profile.wallet !== wallet) {
      profile.wallet = wallet
      this.settings.write(saved)
    }
  }

  /** What eviction never takes unless asked: watched addresses' transactions and the wallet's own records. */
  private updateRetentionPolicy(): void {
    const wallet = this.session?.target.wallet
    this.history?.setRetentionPolicy({ keepAddresses: [...this.watchlist.watchedPubkeys(), ...(wallet ? [wallet] : [])] })
  }

  private reconnectTo(): Promise<void> {
    return this.indexer.switchOver()
  }

  private get session(): IndexerSession | null {
    return this.indexer.session
  }

  /** A session on `target` whose events reach the page and the notification centre. */
  private openSession(target: IndexerTarget): IndexerSession {
    const deps: SessionDeps = {
      onUnauthorized: (problem) => this.signIn.noteRefused(problem),
      history: this.requireHistory(),
      watchlist: this.watchlist,
      memory: this.parameterMemory,
      pushMemory: this.pushMemory,
      log: this.log,
      push: (event, payload) => {
        if (event === 'overview') {
          const overview = payload as Overview
          this.health.noteOverview(overview.status, overview.slot)
        }
        // A user channel refused after a sign-in is the end of that session: the sign-in banner says it once, not each channel.
        if (event === 'problem' && target.signedIn && refusedChannelOf(payload as ErrorInfo)?.startsWith('user:')) return
        this.batcher.push(event, payload)
      },
      centre: this.centre,
      onLiveStatus: () => this.pushConnection(),
      onHttpState: () => this.pushConnection(),
      onLiveCounters: () => this.healthMoved(),
      polling: this.settings.read().polling,
      describeAddress: (pubkey) => this.describeAddress(pubkey),
      live: this.deps.live,
      rereads: this.deps.rereads,
      keepWatchlistInStep: () => this.settings.read().syncWatchlistWithAccount === true,
    }
    // Held while this session is the current one: a removed profile's credential is not redacted for the rest of the run.
    this.releaseSessionSecret()
    this.releaseSessionSecret = this.knownSecrets.borrowCredential(target.credential)
    return new IndexerSession(target, deps)
  }

  private sessionOpened(session: IndexerSession): void {
    const target = session.target
    // The inbox hears each read mark at once: without it a mark reached the indexer only at the next minutely sync.
    this.centre.attach(session.history, session.inbox)
    this.health.indexerChanged()
    this.log.info('connecting to indexer', { httpUrl: target.httpUrl, wsUrl: target.wsUrl, demo: target.demo, credential: target.credential ? target.credential.kind : 'none' })
    session.setActivity(this.activity)
    this.applyOpenAddress()
    this.updateRetentionPolicy()
    if (!this.paused) session.start()
    this.pushConnection()
    void this.signIn.connected()
  }

  private followWatchlist(change: { kind?: string } | undefined): void {
    if (!this.session) return
    if (change && 'kind' in change && change.kind === 'activity') return
    this.session.live.setWatchlist({ addresses: this.watchlist.watchedPubkeys(), circuits: this.watchlist.followedCircuitIds() })
  }

  private requireSession(): IndexerSession {
    if (!this.session) {
      throw new ProofWatchError({ code: 'UNREACHABLE', message: 'Not connected to an indexer yet', retryable: true })
    }
    return this.session
  }

  private requireHistory(): HistoryCache {
    if (!this.history) throw new ProofWatchError({ code: 'INTERNAL', message: 'The history cache is not open', retryable: true })
    return this.history
  }

  private read<T extends object>(request: (session: IndexerSession) => Promise<T>): Promise<T> {
    return request(this.requireSession())
  }

  private connectionState(): ConnectionState {
    const session = this.session
    return projectConnection({
      session: session ? { target: session.target, http: session.http, live: session.liveStatus(), details: session.detailProgress() } : null,
      paused: this.paused,
      stoppedSince: this.stoppedSince,
    })
  }

  private pushConnection(): void {
    const state = this.connectionState()
    // A signed-in session whose user channels the indexer now refuses has ended: said once.
    if (state.userChannels === 'sign-in-needed' && this.session?.target.signedIn) this.signIn.noteRefused()
    this.health.noteConnection(state.socket.state === 'live', state.paused)
    this.lastHealth = healthFingerprint(state)
    this.batcher.push('connection', state)
  }

  /**
   * The last event and the counters move with every event, without a state
   * change: pushed once, a second after the first move, so a flood costs one
   * push a second and an idle core sets no timer at all.
   */
  private healthMoved(): void {
    if (this.healthTimer || !this.running) return
    this.healthTimer = setTimeout(() => {
      this.healthTimer = null
      this.pushHealthIfChanged()
    }, HEALTH_PUSH_MS)
    this.healthTimer.unref?.()
  }

  private pushHealthIfChanged(): void {
    const state = this.connectionState()
    const fingerprint = healthFingerprint(state)
    if (fingerprint === this.lastHealth) return
    this.lastHealth = fingerprint
    this.batcher.push('connection', state)
  }
}
