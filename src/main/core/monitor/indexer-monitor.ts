/**
 * The monitor's state and policies: start and stop, the history cache it
 * opens, the session it wires to the page and the notification centre, what
 * a settings change reconnects, the live side paused or resumed, sign-in glue
 * (a wallet the active profile follows, --keypair), and the connection state
 * it pushes. `create-monitor.ts` builds its parts; `bridge-api.ts` answers
 * the bridge with thin calls into them and into the policies here.
 */
import type { BridgeEvent, BridgeEventName, BridgeEvents, Unsubscribe } from '@shared/bridge'
import type { ConnectionState } from '@shared/domain'
import type { CacheInfo } from '@shared/history'
import type { PublicSettings, SettingsPatch } from '@shared/settings'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import type { KnownSecrets } from '../config/known-secrets'
import type { EventBatcher } from '../bridge/event-batcher'
import { HistoryCache } from '../history/history-cache'
import type { IndexerSession } from '../session/indexer-session'
import type { NotificationCentre } from '../notify/notification-centre'
import type { HealthWatch } from '../notify/health-watch'
import type { Notifier } from '../notify/notifier'
import type { Snoozes } from '../notify/snoozes'
import { changesIndexer } from '../session/indexer-target'
import type { LaunchOptions } from '../config/launch-options'
import type { Logger } from '../log/log'
import type { Activity } from '../polling/poller'
import type { SecretStorage } from '../config/secrets'
import { applySettingsPatch, publicSettings } from '../config/settings'
import type { WatchlistModel } from '../watchlist/watchlist-model'
import { projectConnection } from './connection-projection'
import type { IndexerSwitch } from './indexer-switch'
import type { SignInService } from '../sign-in/sign-in-service'
import type { AccountSecurity } from '../sign-in/account-security'
import { expandHome } from '../sign-in/keypair-file'
import type { SettingsSnapshot } from '../config/settings-snapshot'
import { adoptWallet } from '../config/profiles'
import { HealthPush } from './health-push'
import { TransportHooks } from './transport-hooks'
import { AddressNames } from './address-names'
import { reportCacheTroubles } from './cache-reports'
import type { MonitorDeps, MonitorOptions } from './monitor'

/**
 * A damaged cache's salvage (tens of seconds of reading, a copy of the file
 * by the kernel) begins this long after the start: the first screen, the
 * session's first requests and the socket come first, on a machine's cores
 * that the copy would share.
 */
const SALVAGE_AFTER_START_MS = 2_000

/** What `create-monitor.ts` builds and wires for the monitor. */
export interface MonitorParts {
  log: Logger
  secrets: SecretStorage
  knownSecrets: KnownSecrets
  settings: SettingsSnapshot
  /** Who hears the event batches, fed by `batcher` (redacted there). */
  listeners: Set<(batch: BridgeEvent[]) => void>
  batcher: EventBatcher
  indexer: IndexerSwitch
  centre: NotificationCentre
  signIn: SignInService
  account: AccountSecurity
  /** The one decision path: which of the centre's events pop up, under the user's rules. */
  notifier: Notifier
  /** Addresses, sources and kinds kept quiet for a while. */
  snoozes: Snoozes
  health: HealthWatch
  watchlist: WatchlistModel
  /** Subscriptions made while wiring, ended at stop. */
  unsubscribers: Array<() => void>
}

export class IndexerMonitor {
  readonly log: Logger
  readonly secrets: SecretStorage
  readonly knownSecrets: KnownSecrets
  readonly settings: SettingsSnapshot
  readonly batcher: EventBatcher
  readonly indexer: IndexerSwitch
  readonly centre: NotificationCentre
  readonly signIn: SignInService
  readonly account: AccountSecurity
  readonly notifier: Notifier
  readonly snoozes: Snoozes
  readonly health: HealthWatch
  readonly watchlist: WatchlistModel
  private readonly listeners: Set<(batch: BridgeEvent[]) => void>
  private readonly unsubscribers: Array<() => void>
  private launch: LaunchOptions
  /** The address page shown, for the live side's faster reads (kept across indexer switches). */
  private openAddress: string | null = null
  private history: HistoryCache | null = null
  private running = false
  private paused = false
  /** When the live side last stopped (paused, or no session yet): "since" counts from there, not from each read. */
  private stoppedSince = Date.now()
  private activity: Activity = { visible: true, idle: false }
  readonly hooks = new TransportHooks()
  /** Addresses as notification words name them, and the names so told (for privacy's redaction). */
  private readonly addressNames: AddressNames
  private readonly healthPush = new HealthPush(
    () => this.connectionState(),
    (state) => this.batcher.push('connection', state),
  )

  constructor(
    parts: MonitorParts,
    private readonly options: MonitorOptions,
    private readonly deps: MonitorDeps,
  ) {
    this.launch = options.launch ?? {}
    this.log = parts.log
    this.secrets = parts.secrets
    this.knownSecrets = parts.knownSecrets
    this.settings = parts.settings
    this.listeners = parts.listeners
    this.batcher = parts.batcher
    this.indexer = parts.indexer
    this.centre = parts.centre
    this.signIn = parts.signIn
    this.account = parts.account
    this.notifier = parts.notifier
    this.snoozes = parts.snoozes
    this.health = parts.health
    this.watchlist = parts.watchlist
    this.unsubscribers = parts.unsubscribers
    this.addressNames = new AddressNames(this.watchlist, (pubkey) => this.session?.displayNames.nameOf(pubkey) ?? null)
  }

  get session(): IndexerSession | null {
    return this.indexer.session
  }

  /** This run's flags and environment, less what the user has since saved over them. */
  get launchOptions(): LaunchOptions {
    return this.launch
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
    this.healthPush.stop()
    await this.indexer.settled()
    await this.signIn.dispose()
    this.account.dispose()
    await this.indexer.close()
    this.watchlist.flush()
    this.watchlist.dispose()
    this.unsubscribers.forEach((u) => u())
    this.centre.dispose()
    this.notifier.dispose()
    this.snoozes.dispose()
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
    this.healthPush.setShown(activity.visible && !activity.idle)
    this.session?.setActivity(activity)
  }

  // --- settings ---------------------------------------------------------------

  publicSettings(): PublicSettings {
    const shown = publicSettings(this.settings.read(), this.secrets, this.indexer.demoWallet)
    // The chosen profile is not what this run watches: Settings must not call it "in use".
    return this.launch.indexerUrl ? { ...shown, launchIndexerUrl: this.launch.indexerUrl } : shown
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
    if (changesIndexer(before, settings, credentials)) {
      // What the user saves in the app wins over this launch's flags from now on.
      this.launch = { ...this.launch, indexerUrl: undefined, wsUrl: undefined, credential: undefined }
      if (this.running) await this.reconnectTo()
    }
    return shown
  }

  // --- connection -------------------------------------------------------------

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

  setOpenAddress(pubkey: string | null): void {
    this.openAddress = pubkey
    this.applyOpenAddress()
  }

  // --- cache ------------------------------------------------------------------

  async flushHistory(): Promise<void> {
    await this.history?.flush()
  }

  async clearCache(options: { everything: boolean }): Promise<CacheInfo> {
    const history = this.requireHistory()
    await history.clear(options)
    this.session?.displayNames.forget()
    const info = await history.infoAside()
    this.batcher.push('cache', info)
    return info
  }

  // --- sign-in and this launch's flags ------------------------------------------

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
  async sessionChanged(wallet: string | null): Promise<void> {
    const saved = this.settings.read()
    if (adoptWallet(saved, wallet, this.launch)) {
      this.settings.write(saved)
      this.batcher.push('settings', this.publicSettings())
    }
    if (this.running) await this.reconnectTo()
    if (wallet !== null) void this.account.sessions()
  }

  // --- connection management ---------------------------------------------------

  /** An address in a notification's words: its short key, beside its label (the account's where none here) or its display name on the indexer. */
  describeAddress(pubkey: string): string {
    return this.addressNames.describe(pubkey)
  }

  /** The names describeAddress has put into notification words, newest last: privacy's "No addresses" hides them too. */
  namesTold(): string[] {
    return this.addressNames.namesTold()
  }

  /** Only watched addresses are polled: an address watched while its page is open is read faster from then on. */
  private applyOpenAddress(): void {
    this.session?.live.setOpenAddress(this.openAddress)
  }

  private openHistory(): void {
    if (this.history) return
    const settings = this.settings.read()
    // A damaged file's rows are read back while the app runs, once it has started: the first start should not wait seconds for them.
    this.history = HistoryCache.open({
      path: this.options.historyPath ?? ':memory:',
      limits: settings.cache,
      salvageInBackground: true,
      salvageAfterMs: SALVAGE_AFTER_START_MS,
      ...this.deps.history,
    })
    this.updateRetentionPolicy()
    this.unsubscribers.push(...reportCacheTroubles(this.history, this.log, (event, payload) => this.batcher.push(event, payload), () => this.history !== null))
  }

  /** `--watch` adds to the saved watchlist; `--wallet` is saved to the active profile. */
  private applyLaunchAdditions(): void {
    for (const pubkey of this.launch.watch ?? []) {
      if (!this.watchlist.isWatched(pubkey)) this.watchlist.watchAddress({ pubkey })
    }
    const saved = this.settings.read()
    if (adoptWallet(saved, this.launch.wallet, this.launch)) this.settings.write(saved)
  }

  /** What eviction never takes unless asked: watched addresses' transactions and the wallet's own records. */
  updateRetentionPolicy(): void {
    const wallet = this.session?.target.wallet
    this.history?.setRetentionPolicy({ keepAddresses: [...this.watchlist.watchedPubkeys(), ...(wallet ? [wallet] : [])] })
  }

  /** The counters or the last event moved: pushed within a second while running. */
  healthMoved(): void {
    if (this.running) this.healthPush.moved()
  }

  private reconnectTo(): Promise<void> {
    return this.indexer.switchOver()
  }

  sessionOpened(session: IndexerSession): void {
    const target = session.target
    // The inbox hears each read mark at once: without it a mark reached the indexer only at the next minutely sync.
    this.centre.attach(session.history, session.inbox)
    this.health.indexerChanged()
    this.log.info('connecting to indexer', { httpUrl: target.httpUrl, wsUrl: target.wsUrl, demo: target.demo, credential: target.credential ? target.credential.kind : 'none' })
    session.setActivity(this.activity)
    this.updateRetentionPolicy()
    // The network starts on the next turn: a first screen asked for as start() resolves is read from the cache before any of it.
    setImmediate(() => this.startSession(session))
    void this.signIn.connected()
  }

  private startSession(session: IndexerSession): void {
    if (!this.running || this.session !== session) return
    this.pushConnection()
    this.applyOpenAddress()
    if (!this.paused) session.start()
  }

  followWatchlist(change: { kind?: string } | undefined): void {
    if (!this.session) return
    if (change && 'kind' in change && change.kind === 'activity') return
    this.session.live.setWatchlist({ addresses: this.watchlist.watchedPubkeys(), circuits: this.watchlist.followedCircuitIds() })
  }

  requireSession(): IndexerSession {
    if (!this.session) {
      throw new ProofWatchError({ code: 'UNREACHABLE', message: 'Not connected to an indexer yet', retryable: true })
    }
    return this.session
  }

  requireHistory(): HistoryCache {
    if (!this.history) throw new ProofWatchError({ code: 'INTERNAL', message: 'The history cache is not open', retryable: true })
    return this.history
  }

  connectionState(): ConnectionState {
    const session = this.session
    return projectConnection({
      session: session ? { target: session.target, http: session.http, live: session.liveStatus(), details: session.detailProgress() } : null,
      paused: this.paused,
      stoppedSince: this.stoppedSince,
    })
  }

  pushConnection(): void {
    const state = this.connectionState()
    // A signed-in session whose user channels the indexer now refuses has ended: said once.
    if (state.userChannels === 'sign-in-needed' && this.session?.target.signedIn) this.signIn.noteRefused()
    this.health.noteConnection(state.socket.state === 'live', state.paused)
    this.healthPush.pushed(state)
    this.batcher.push('connection', state)
  }
}
