import { RECENT_PROOFS_CAP, type BridgeEvent, type BridgeMethods, type Unsubscribe } from '@shared/bridge'
import type {
  ChannelStatus,
  ConnectionState,
  ErrorInfo,
  HttpState,
  LeaderboardEntry,
  LeaderboardQuery,
  Overview,
  Page,
  Proof,
  ProofQuery,
  ProofSummary,
  PublicSettings,
  Series,
  SeriesQuery,
  SettingsPatch,
  Transaction,
  TransactionDetail,
  TransactionQuery,
} from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { startDemoIndexer } from '../demo/server'
import { backoffDelay } from './backoff'
import { EventBatcher } from './event-batcher'
import { IndexerClient } from './indexer/client'
import { createParameterMemory } from './indexer/negotiation'
import { decodeAddressTransaction, decodeNotification, decodeProofSummary, decodeStatsEvent, parseChannel } from './indexer/decode'
import { LiveFeed, type LiveFeedOptions } from './live/live-feed'
import { silentLogger, type Logger } from './log'
import { applySettingsPatch, deriveWsUrl, type SettingsStore } from './settings'
import type { LaunchOptions } from './launch-options'

/** The core as one object: implements the bridge methods and pushes event batches. */
export interface Monitor extends BridgeMethods {
  start(): Promise<void>
  stop(): Promise<void>
  /** Batched events for the transport; one call per flush, never one per indexer event. */
  onEvents(listener: (batch: BridgeEvent[]) => void): Unsubscribe
}

export interface MonitorOptions {
  settings: SettingsStore
  /** Flags and environment of this launch; they override saved settings for this run. */
  launch?: LaunchOptions
  log?: Logger
}

export interface MonitorDeps {
  /** Starts the built-in demo indexer when no indexer is configured. */
  startDemo?: () => Promise<{ httpUrl: string; wsUrl: string; close(): Promise<void> }>
  /** Tuning for tests: how often the overview is polled while the socket is down or HTTP fails. */
  healthPollMs?: number
  feedOptions?: Partial<LiveFeedOptions>
}


export function createMonitor(options: MonitorOptions, deps: MonitorDeps = {}): Monitor {
  return new IndexerMonitor(options, deps)
}

interface Target {
  demo: boolean
  httpUrl: string
  wsUrl: string
}

class IndexerMonitor implements Monitor {
  private readonly log: Logger
  private launch: LaunchOptions
  private readonly listeners = new Set<(batch: BridgeEvent[]) => void>()
  private readonly batcher = new EventBatcher((batch) => this.listeners.forEach((l) => l(batch)))
  /** What each indexer accepted (e.g. metric names), kept across reconnects and switches. */
  private readonly parameterMemory = createParameterMemory()
  private demo: { httpUrl: string; wsUrl: string; close(): Promise<void> } | null = null
  private target: Target | null = null
  private client: IndexerClient | null = null
  private feed: LiveFeed | null = null
  private http: ConnectionState['http'] = { state: 'unknown', lastOkAt: null, lastError: null }
  private recentProofs: ProofSummary[] = []
  private healthTimer: ReturnType<typeof setTimeout> | null = null
  private healthFailures = 0
  private running = false
  private switching: Promise<void> = Promise.resolve()

  constructor(
    private readonly options: MonitorOptions,
    private readonly deps: MonitorDeps,
  ) {
    this.log = options.log ?? silentLogger
    this.launch = options.launch ?? {}
  }

  onEvents(listener: (batch: BridgeEvent[]) => void): Unsubscribe {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    await this.connect()
  }

  async stop(): Promise<void> {
    this.running = false
    await this.switching
    await this.disconnect(true)
    this.batcher.flush()
    this.batcher.dispose()
  }

  // --- bridge methods -------------------------------------------------------

  getOverview(): Promise<Overview> {
    return this.track((c) => c.overview())
  }
  getSeries(query: SeriesQuery): Promise<Series> {
    return this.track((c) => c.series(query))
  }
  getLeaderboard(query: LeaderboardQuery): Promise<LeaderboardEntry[]> {
    return this.track((c) => c.leaderboard(query))
  }
  listProofs(query: ProofQuery): Promise<Page<Proof>> {
    return this.track((c) => c.proofs(query))
  }
  getProof(proofAccount: string): Promise<Proof> {
    return this.track((c) => c.proof(proofAccount))
  }
  listTransactions(query: TransactionQuery): Promise<Page<Transaction>> {
    return this.track((c) => c.transactions(query))
  }
  getTransaction(signature: string): Promise<TransactionDetail> {
    return this.track((c) => c.transaction(signature))
  }

  async getSettings(): Promise<PublicSettings> {
    return this.options.settings.read()
  }

  async updateSettings(patch: SettingsPatch): Promise<PublicSettings> {
    const next = applySettingsPatch(this.options.settings.read(), patch)
    this.options.settings.write(next)
    // What the user saves in the app wins over this launch's flags from now on.
    this.launch = { ...this.launch, indexerUrl: undefined, wsUrl: undefined }
    if (this.running) await this.reconnectTo()
    return next
  }

  async getConnection(): Promise<ConnectionState> {
    return this.connectionState()
  }

  async getRecentProofs(): Promise<ProofSummary[]> {
    return [...this.recentProofs]
  }

  async subscribe(channel: string): Promise<ChannelStatus[]> {
    return this.requireFeed().subscribe(channel)
  }

  async unsubscribe(channel: string): Promise<ChannelStatus[]> {
    return this.requireFeed().unsubscribe(channel)
  }

  // --- connection -----------------------------------------------------------

  private reconnectTo(): Promise<void> {
    this.switching = this.switching.then(async () => {
      await this.disconnect(false)
      await this.connect()
    })
    return this.switching
  }

  private async resolveTarget(): Promise<Target> {
    const saved = this.options.settings.read()
    const indexerUrl = this.launch.indexerUrl ?? (saved.useDemo ? null : saved.indexerUrl)
    if (indexerUrl) {
      const wsUrl = this.launch.wsUrl ?? (this.launch.indexerUrl ? undefined : saved.wsUrl) ?? deriveWsUrl(indexerUrl)
      return { demo: false, httpUrl: indexerUrl, wsUrl }
    }
    if (!this.demo) {
      const startDemo = this.deps.startDemo ?? (() => startDemoIndexer({ port: 0 }))
      this.demo = await startDemo()
      this.log.info('demo indexer started', { httpUrl: this.demo.httpUrl })
    }
    return { demo: true, httpUrl: this.demo.httpUrl, wsUrl: this.demo.wsUrl }
  }

  private async connect(): Promise<void> {
    const target = await this.resolveTarget()
    if (!target.demo && this.demo) {
      await this.demo.close()
      this.demo = null
    }
    this.target = target
    this.http = { state: 'unknown', lastOkAt: null, lastError: null }
    this.recentProofs = []
    this.client = new IndexerClient({ baseUrl: target.httpUrl, memory: this.parameterMemory })
    this.log.info('connecting to indexer', { httpUrl: target.httpUrl, wsUrl: target.wsUrl, demo: target.demo })
    this.feed = new LiveFeed({
      url: target.wsUrl,
      channels: ['stats', 'proofs'],
      onEvent: (channel, data) => this.onFeedEvent(channel, data),
      onStatus: (status) => {
        if (status.state !== 'live') this.scheduleHealthCheck(0)
        this.pushConnection()
      },
      onProblem: (problem) => {
        this.log.warn('live feed problem', problem)
        this.batcher.push('problem', problem)
      },
      ...this.deps.feedOptions,
    })
    this.feed.start()
    this.scheduleHealthCheck(0)
    this.pushConnection()
  }

  private async disconnect(final: boolean): Promise<void> {
    if (this.healthTimer) clearTimeout(this.healthTimer)
    this.healthTimer = null
    this.feed?.stop()
    this.feed = null
    this.client = null
    if (final && this.demo) {
      await this.demo.close()
      this.demo = null
    }
  }

  private requireClient(): IndexerClient {
    if (!this.client) {
      throw new ProofWatchError({ code: 'UNREACHABLE', message: 'Not connected to an indexer yet', retryable: true })
    }
    return this.client
  }

  private requireFeed(): LiveFeed {
    if (!this.feed) {
      throw new ProofWatchError({ code: 'UNREACHABLE', message: 'The live feed is not running', retryable: true })
    }
    return this.feed
  }

  /** Runs a request and keeps the HTTP health that the connection indicator shows. */
  private async track<T>(request: (client: IndexerClient) => Promise<T>): Promise<T> {
    const client = this.requireClient()
    try {
      const result = await request(client)
      this.noteHttp(client, 'ok', null)
      return result
    } catch (error) {
      const info = toErrorInfo(error)
      if (info.code === 'UNREACHABLE' || info.code === 'TIMEOUT') this.noteHttp(client, 'unreachable', info)
      else if (info.status !== undefined && info.status >= 500) this.noteHttp(client, 'error', info)
      throw error
    }
  }

  private noteHttp(client: IndexerClient, state: HttpState, error: ErrorInfo | null): void {
    if (client !== this.client) return
    const changed = this.http.state !== state
    this.http = { state, lastOkAt: state === 'ok' ? Date.now() : this.http.lastOkAt, lastError: error }
    if (changed) {
      this.log.info(`indexer HTTP ${state}`, error ?? undefined)
      this.pushConnection()
    }
  }

  /**
   * While the socket is not live or HTTP fails, poll the overview: it keeps
   * the dashboard fresh and finds out when the indexer is back.
   */
  private scheduleHealthCheck(delayMs: number): void {
    if (!this.running || this.healthTimer) return
    this.healthTimer = setTimeout(() => void this.healthCheck(), delayMs)
  }

  private async healthCheck(): Promise<void> {
    this.healthTimer = null
    if (!this.running || !this.client) return
    const feedLive = this.feed?.current().state === 'live'
    if (feedLive && this.http.state === 'ok') return
    try {
      const overview = await this.getOverview()
      this.healthFailures = 0
      this.batcher.push('overview', overview)
    } catch {
      this.healthFailures++
    }
    // While failing, back off from the poll interval up to a minute; jitter keeps many clients apart.
    const base = this.deps.healthPollMs ?? 10_000
    const wait = this.healthFailures === 0 ? base : base + backoffDelay(this.healthFailures, base, 60_000 - base)
    this.scheduleHealthCheck(wait)
  }

  private onFeedEvent(channel: string, data: unknown): void {
    try {
      const parsed = parseChannel(channel)
      switch (parsed.kind) {
        case 'stats':
          this.batcher.push('overview', decodeStatsEvent(data))
          break
        case 'proofs': {
          const proof = decodeProofSummary(data)
          this.rememberProof(proof)
          this.batcher.push('proofs', [proof])
          break
        }
        case 'user-proofs':
          this.batcher.push('userProofs', [decodeProofSummary(data)])
          break
        case 'user-notifications':
          this.batcher.push('notifications', [decodeNotification(data, Date.now())])
          break
        case 'address':
          this.batcher.push('addressTransactions', [decodeAddressTransaction(channel, data)])
          break
        case 'circuit':
        case 'unknown':
          // Followed circuits get their own event with the live-feed work; until then the
          // global `proofs` channel carries the same proofs.
          break
      }
    } catch (error) {
      const info = toErrorInfo(error)
      const problem = { ...info, message: `Unreadable ${channel} event: ${info.message}` }
      this.log.warn(problem.message, problem)
      this.batcher.push('problem', problem)
    }
  }

  private rememberProof(proof: ProofSummary): void {
    if (this.recentProofs.some((p) => p.proofAccount === proof.proofAccount)) return
    this.recentProofs.unshift(proof)
    if (this.recentProofs.length > RECENT_PROOFS_CAP) this.recentProofs.length = RECENT_PROOFS_CAP
  }

  private connectionState(): ConnectionState {
    const status = this.feed?.current()
    return {
      indexer: {
        demo: this.target?.demo ?? false,
        httpUrl: this.target?.httpUrl ?? '',
        wsUrl: this.target?.wsUrl ?? '',
      },
      http: { ...this.http },
      socket: status ?? { state: 'stopped', reason: null, nextRetryAt: null, since: Date.now(), reconnects: 0, lastEventAt: null },
      channels: this.feed?.channels() ?? [],
    }
  }

  private pushConnection(): void {
    this.batcher.push('connection', this.connectionState())
  }
}
