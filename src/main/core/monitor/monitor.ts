/**
 * The core as one object, as both transports serve it: every bridge method,
 * the event batches to the page (redacted), and the hooks a transport gives
 * it. This file is the contract; `create-monitor.ts` builds one,
 * `indexer-monitor.ts` holds its state and policies, `bridge-api.ts` answers
 * the bridge with thin calls, `indexer-switch.ts` runs the one indexer.
 */
import type { Writable } from 'node:stream'
import type { BridgeEvent, BridgeEventName, BridgeEvents, BridgeMethods, ExportOutcome, Unsubscribe } from '@shared/bridge'
import type { ExportRequest, ExportResult } from '@shared/history'
import type { AppInfo } from '@shared/settings'
import type { KnownSecrets } from '../config/known-secrets'
import type { HistoryCache } from '../history/history-cache'
import type { SessionDeps } from '../session/indexer-session'
import type { NotificationCentreDeps } from '../notify/notification-centre'
import type { NotifyClock } from '../notify/timers'
import type { LaunchOptions } from '../config/launch-options'
import type { LiveServiceOptions, LiveServiceStatus } from '../live/live-service'
import type { Logger } from '../log/log'
import type { Activity } from '../polling/poller'
import type { SecretStorage } from '../config/secrets'
import type { SettingsStorage } from '../config/settings'
import type { BuiltInDemo } from './indexer-switch'
import type { SignInServiceOptions } from '../sign-in/sign-in-service'
import type { AccountSecurityOptions } from '../sign-in/account-security'

export { createMonitor } from './create-monitor'

/** The core as one object: implements the bridge methods and pushes event batches. */
export interface Monitor extends BridgeMethods {
  /**
   * Opens the cache and the indexer's session (the built-in demo started first when it is the one
   * watched); resolves once reads answer from the cache. The socket and the polls start on the next
   * turn, so a first screen asked for as this resolves is read before any of them; the account's
   * checks are begun and not waited for (a launch keypair's sign-in is).
   */
  start(): Promise<void>
  stop(): Promise<void>
  /** The live service's own status (counters, whether every stream is synced): for diagnostics and the benchmarks; null while no indexer. */
  liveStatus(): LiveServiceStatus | null
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
  /** What privacy's "No addresses" hides, longest first: watched keys and labels, and the names notification words have held. */
  privacyWords(): string[]
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
