/**
 * The bridge contract between main (core) and renderer. The preload
 * implements it over Electron IPC, the browser transport over a WebSocket;
 * both are checked against these types. Channel names live here only.
 */
import type {
  AddressTransaction,
  AppNotification,
  CircuitList,
  CircuitProof,
  ConnectionState,
  ErrorInfo,
  Leaderboard,
  LeaderboardQuery,
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
} from './domain'
import type { Notice } from './notice'
import type { ReadChange, UnreadCounts } from './unread'
import type { AuthState } from './auth'
import type { CircuitCatalog } from './circuits'
import type { DisplayName } from './profiles'
import type { AccountPreferences, AccountPreferencesState, AccountSessions } from './account'
import type { AddressActivity, AddressActivityQuery, CacheInfo, ExportRequest, NotificationQuery, SearchHit } from './history'
import type { AppInfo, ConnectionReport, ProfileInput, PublicSettings, SettingsPatch } from './settings'
import type { AccountSyncResult, Watchlist } from './watchlist'
import type { NotificationRulesPatch } from './notification-rules'
import type { RulePreview } from './rule-preview'
import type { NotificationPrivacy } from './notification-rules'
import type { Snooze, SnoozeInput, SnoozeTarget } from './snooze'

export interface WatchAddressInput {
  pubkey: string
  label?: string | null
  /** Raise notifications for its transactions (the rules still apply). */
  notify?: boolean
}

export interface FollowCircuitInput {
  circuitId: string
  label?: string | null
  notify?: boolean
}

/** How an export ended: a file written (desktop), a download link (browser), or the user cancelled the file dialog. */
export type ExportOutcome =
  | { status: 'saved'; path: string; rows: number; bytes: number }
  | { status: 'download'; url: string; fileName: string }
  | { status: 'cancelled' }

export interface SearchInput {
  text: string
  /** Also ask the indexer when the cache has no exact match. */
  network?: boolean
}

/** Request methods: every one returns a promise and may reject with ProofWatchError. */
export interface BridgeMethods {
  getOverview(options?: ReadOptions): Promise<Overview>
  getSeries(query: SeriesQuery, options?: ReadOptions): Promise<Series>
  getLeaderboard(query: LeaderboardQuery, options?: ReadOptions): Promise<Leaderboard>
  listProofs(query: ProofQuery, options?: ReadOptions): Promise<Page<Proof>>
  getProof(proofAccount: string, options?: ReadOptions): Promise<Proof>
  /** The indexer's circuits (/api/circuits) where it lists them, else the circuit ids seen in proofs. */
  listCircuits(options?: ReadOptions): Promise<CircuitList>
  listTransactions(query: TransactionQuery, options?: ReadOptions): Promise<Page<Transaction>>
  getTransaction(signature: string, options?: ReadOptions): Promise<TransactionDetail>
  getSettings(): Promise<PublicSettings>
  updateSettings(patch: SettingsPatch): Promise<PublicSettings>
  /** Tries a profile's endpoints and socket without switching to it. */
  testConnection(profile: ProfileInput): Promise<ConnectionReport>
  getAppInfo(): Promise<AppInfo>
  getConnection(): Promise<ConnectionState>
  /** Skips any backoff wait and reconnects now. */
  reconnectNow(): Promise<ConnectionState>
  setLivePaused(paused: boolean): Promise<ConnectionState>
  /** Recent live proofs held by main, newest first (at most RECENT_PROOFS_CAP), so a new view starts full. */
  getRecentProofs(): Promise<ProofSummary[]>
  getWatchlist(): Promise<Watchlist>
  /** Adds an address, or changes its label or notify flag when it is watched already. */
  watchAddress(input: WatchAddressInput): Promise<Watchlist>
  unwatchAddress(pubkey: string): Promise<Watchlist>
  followCircuit(input: FollowCircuitInput): Promise<Watchlist>
  unfollowCircuit(circuitId: string): Promise<Watchlist>
  /** Marks every entry of a watched address or followed circuit read. */
  markWatchRead(subject: Subject): Promise<Watchlist>
  listNotifications(query: NotificationQuery): Promise<Page<AppNotification>>
  /** Marks the given notifications read, or all of them; answers the unread counts after. */
  markNotificationsRead(ids: string[] | 'all'): Promise<UnreadCounts>
  /** The one unread model: what the centre, the navigation, the watchlist and the tray show. */
  getUnread(): Promise<UnreadCounts>
  search(input: SearchInput): Promise<SearchHit[]>
  /** Every cached transaction of one address summed up: count, failures, fees, first and last seen, per day. */
  getAddressActivity(query: AddressActivityQuery): Promise<AddressActivity>
  getCacheInfo(): Promise<CacheInfo>
  /** Empties the cache; what belongs to watched addresses and the wallet is kept unless `everything`. */
  clearCache(options: { everything: boolean }): Promise<CacheInfo>
  /** Streams the cached rows matching a filter to a file the user picks (desktop) or a download (browser). */
  exportHistory(request: ExportRequest): Promise<ExportOutcome>
  /** Opens the block explorer page of a subject; main builds the https URL itself. */
  openExternal(subject: Subject): Promise<{ url: string; opened: boolean }>
  /** Who is signed in to the active indexer, and whether it offers sign-in (asked once per indexer). */
  getAuth(): Promise<AuthState>
  /**
   * Starts the browser-wallet sign-in: a one-time page on 127.0.0.1. Main opens
   * it in the system browser on the desktop (`opened`); otherwise the page opens `url`.
   */
  signInWithWallet(): Promise<{ url: string; opened: boolean }>
  /** Signs in with a Solana CLI keypair file; null asks main to show a file dialog (desktop). */
  signInWithKeypair(path: string | null): Promise<AuthState>
  /** The signed-in account's sessions, read now (a sign-in this app did not make raises a notification). */
  getAccountSessions(): Promise<AccountSessions>
  /** Ends one of the account's sessions by id, or `others`: every one but this app's. */
  endAccountSession(id: string): Promise<AccountSessions>
  /** The account's notification preferences on the indexer (which events, in-app, email, push). */
  getAccountPreferences(): Promise<AccountPreferencesState>
  setAccountPreferences(patch: Partial<AccountPreferences>): Promise<AccountPreferencesState>
  /** Answers the keypair sign-in message shown in `AuthState.confirmation`: signs it (true) or drops it. */
  confirmSignIn(id: string, accept: boolean): Promise<AuthState>
  /** Ends the session with the indexer and forgets its cookie. */
  signOut(): Promise<AuthState>
  /**
   * The address whose page is shown (null: none): while the indexer does not
   * push its transactions, main reads it more often than the other watched ones.
   */
  setOpenAddress(pubkey: string | null): Promise<void>
  /** Keeps an address out of the account's watchlist (true), or lets it be kept in step (false). */
  setAddressLocalOnly(pubkey: string, localOnly: boolean): Promise<Watchlist>
  /** Reconciles the local watchlist with the signed-in account's now, and says what it did. */
  syncAccountWatchlist(): Promise<AccountSyncResult>
  /** What the last reconciliation with the account did; null before the first. */
  getAccountSync(): Promise<AccountSyncResult | null>
  /** The Circuits view: each circuit with its key's fingerprint; offline, what was last read and when. */
  getCircuitCatalog(options?: ReadOptions): Promise<CircuitCatalog>
  /**
   * The public display names on the indexer of the addresses a view shows, as
   * held now; those not read within a day are read in the background, within
   * a small budget of reads a minute, and pushed as `displayNames`.
   */
  getDisplayNames(pubkeys: string[]): Promise<DisplayName[]>

  // --- rule preview (issue 26): kept together so other additions merge beside it ---
  /** What draft notification rules (a patch over the saved ones) would have raised over the cache's last 30 days; saves nothing. */
  previewNotificationRules(draft: NotificationRulesPatch): Promise<RulePreview>
  // --- end of rule preview ---
  // --- snooze and privacy (issue 26, item 2) ---------------------------------
  /** Keeps an address, a source or a notice kind from popping up for a while; answers the snoozes in force. */
  snoozeNotifications(input: SnoozeInput): Promise<Snooze[]>
  /** Ends a target's snooze now (one already over is no error). */
  endSnooze(target: SnoozeTarget): Promise<Snooze[]>
  listSnoozes(): Promise<Snooze[]>
  /** How much native notifications and the tray may say (the rules' `privacy`). */
  setNotificationPrivacy(privacy: NotificationPrivacy): Promise<PublicSettings>
}

/** How many live proofs main keeps for getRecentProofs, and the live feed view shows. */
export const RECENT_PROOFS_CAP = 200

export type BridgeMethodName = keyof BridgeMethods
export type BridgeArgs<M extends BridgeMethodName> = Parameters<BridgeMethods[M]>
export type BridgeResult<M extends BridgeMethodName> = Awaited<ReturnType<BridgeMethods[M]>>

/** Events main pushes to the renderer. Array payloads are batches. */
export interface BridgeEvents {
  connection: ConnectionState
  overview: Overview
  /** Polled series that changed (main polls those the views asked for). */
  series: Series[]
  /** The polled leaderboard, when it changed. */
  leaderboard: Leaderboard
  /**
   * New proofs of the feed, oldest first: pushed, backfilled after an outage,
   * or polled. Of the history the first sync finds, only the newest
   * RECENT_PROOFS_CAP: a view may hold some of them already, or older rows.
   */
  proofs: ProofSummary[]
  userProofs: ProofSummary[]
  circuitProofs: CircuitProof[]
  notifications: AppNotification[]
  addressTransactions: AddressTransaction[]
  watchlist: Watchlist
  settings: PublicSettings
  cache: CacheInfo
  /** The unread counts changed (entries arrived or were read anywhere). */
  unread: UnreadCounts
  /** Pop-ups the core decided to show under the rules; the desktop shows them natively, a browser tab itself. */
  notice: Notice[]
  /** Main asks the renderer to show a route (notification click, deep link, tray). */
  navigate: string
  /** A failure the user should see that belongs to no request (decode failure, refused channel). */
  problem: ErrorInfo
  /** Sign-in state changed (signed in, refreshed, ended by the indexer, signed out). */
  auth: AuthState
  /** A reconciliation of the local watchlist with the account's finished. */
  accountSync: AccountSyncResult
  /** Entries were marked read (in any page, the window or the indexer's own list): every page marks the same rows. */
  notificationsRead: ReadChange[]
  /** The snoozes in force changed: one began, was ended or ran out. */
  snoozes: Snooze[]
  /** Display names read from the indexer in the background (asked by getDisplayNames). */
  displayNames: DisplayName[]
}

export type BridgeEventName = keyof BridgeEvents

/** Every pushed event once; `satisfies` makes a missing or unknown name a type error. */
const EVENT_NAMES = {
  connection: true,
  overview: true,
  series: true,
  leaderboard: true,
  proofs: true,
  userProofs: true,
  circuitProofs: true,
  notifications: true,
  addressTransactions: true,
  watchlist: true,
  settings: true,
  cache: true,
  unread: true,
  notice: true,
  navigate: true,
  problem: true,
  auth: true,
  accountSync: true,
  notificationsRead: true,
  snoozes: true,
  displayNames: true,
} as const satisfies Record<BridgeEventName, true>

export const BRIDGE_EVENT_NAMES = Object.keys(EVENT_NAMES) as BridgeEventName[]

export type BridgeEvent = {
  [E in BridgeEventName]: { event: E; payload: BridgeEvents[E] }
}[BridgeEventName]

export type Unsubscribe = () => void

/** What the renderer sees as `window.proofwatch`. */
export interface Bridge extends BridgeMethods {
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): Unsubscribe
}

/** `{result}` or `{error}`: how a request's outcome crosses any transport. */
export type BridgeResponse<T> = { result: T } | { error: ErrorInfo }

/** Every request method, by name: the one list the transports and the channel names derive from. */
const METHOD_NAMES = {
  getOverview: true,
  getSeries: true,
  getLeaderboard: true,
  listProofs: true,
  getProof: true,
  listCircuits: true,
  listTransactions: true,
  getTransaction: true,
  getSettings: true,
  updateSettings: true,
  testConnection: true,
  getAppInfo: true,
  getConnection: true,
  reconnectNow: true,
  setLivePaused: true,
  getRecentProofs: true,
  getWatchlist: true,
  watchAddress: true,
  unwatchAddress: true,
  followCircuit: true,
  unfollowCircuit: true,
  markWatchRead: true,
  listNotifications: true,
  markNotificationsRead: true,
  getUnread: true,
  search: true,
  getAddressActivity: true,
  getCacheInfo: true,
  clearCache: true,
  exportHistory: true,
  openExternal: true,
  getAuth: true,
  signInWithWallet: true,
  signInWithKeypair: true,
  signOut: true,
  confirmSignIn: true,
  getAccountSessions: true,
  endAccountSession: true,
  getAccountPreferences: true,
  setAccountPreferences: true,
  setOpenAddress: true,
  setAddressLocalOnly: true,
  syncAccountWatchlist: true,
  getAccountSync: true,
  getCircuitCatalog: true,
  getDisplayNames: true,
  // --- rule preview (issue 26) ---
  previewNotificationRules: true,
  // --- snooze and privacy (issue 26, item 2) ---
  snoozeNotifications: true,
  endSnooze: true,
  listSnoozes: true,
  setNotificationPrivacy: true,
} as const satisfies Record<BridgeMethodName, true>

/** Main → renderer: one message carries a batch of events, never one per indexer event. */
export const EVENTS_CHANNEL = 'proofwatch:events'
/** Renderer → main: the renderer is ready to receive events (queued until then). */
export const READY_CHANNEL = 'proofwatch:ready'

export const BRIDGE_METHOD_NAMES = Object.keys(METHOD_NAMES) as BridgeMethodName[]

/** A method's IPC channel, from its name: `getAppInfo` → `proofwatch:get-app-info`. */
export function ipcChannel(method: BridgeMethodName): string {
  return `proofwatch:${method.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/** The IPC channel of each request method, computed once from the names. */
export const IPC_CHANNELS = Object.fromEntries(BRIDGE_METHOD_NAMES.map((method) => [method, ipcChannel(method)])) as Record<BridgeMethodName, string>

/** Browser transport (serve mode) messages over its WebSocket. */
export type SocketRequest = {
  [M in BridgeMethodName]: { id: number; method: M; args: BridgeArgs<M> }
}[BridgeMethodName]

export type SocketReply =
  | { id: number; result: unknown }
  | { id: number; error: ErrorInfo }
  | { events: BridgeEvent[] }

/**
 * Close code of the browser transport's socket when the page's access token
 * is wrong or stale (serve mode was restarted): the page must not retry.
 */
export const BRIDGE_TOKEN_REFUSED = 4401

/**
 * The largest request the browser transport takes, in bytes of its JSON text.
 * The server closes a socket that sends more (1009); the page refuses such a
 * request itself first, with a clear error, so its socket stays open.
 */
export const BRIDGE_MAX_REQUEST_BYTES = 256 * 1024

/** Serve mode closed a page's socket because the page stopped reading its replies and updates (serve/bridge-socket.ts). */
export const BRIDGE_TOO_FAR_BEHIND = 4408
/** The close reason sent with it, which the page shows (a close reason holds at most 123 bytes). */
export const BRIDGE_TOO_FAR_BEHIND_REASON = 'ProofWatch closed this page: it stopped reading its replies and updates'
