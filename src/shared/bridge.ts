/**
 * The bridge contract between main (core) and renderer. The preload
 * implements it over Electron IPC, the browser transport over a WebSocket;
 * both are checked against these types. Channel names live here only.
 */
import type {
  AddressTransaction,
  AppNotification,
  ConnectionState,
  ErrorInfo,
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
  ChannelStatus,
} from './domain'

/** Request methods: every one returns a promise and may reject with ProofWatchError. */
export interface BridgeMethods {
  getOverview(): Promise<Overview>
  getSeries(query: SeriesQuery): Promise<Series>
  getLeaderboard(query: LeaderboardQuery): Promise<LeaderboardEntry[]>
  listProofs(query: ProofQuery): Promise<Page<Proof>>
  getProof(proofAccount: string): Promise<Proof>
  listTransactions(query: TransactionQuery): Promise<Page<Transaction>>
  getTransaction(signature: string): Promise<TransactionDetail>
  getSettings(): Promise<PublicSettings>
  updateSettings(patch: SettingsPatch): Promise<PublicSettings>
  getConnection(): Promise<ConnectionState>
  /** Recent live proofs held by main, newest first (at most RECENT_PROOFS_CAP), so a new view starts full. */
  getRecentProofs(): Promise<ProofSummary[]>
  subscribe(channel: string): Promise<ChannelStatus[]>
  unsubscribe(channel: string): Promise<ChannelStatus[]>
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
  proofs: ProofSummary[]
  userProofs: ProofSummary[]
  notifications: AppNotification[]
  addressTransactions: AddressTransaction[]
  /** A failure the user should see that belongs to no request (decode failure, refused channel). */
  problem: ErrorInfo
}

export type BridgeEventName = keyof BridgeEvents

/** Every pushed event once; `satisfies` makes a missing or unknown name a type error. */
const EVENT_NAMES = {
  connection: true,
  overview: true,
  proofs: true,
  userProofs: true,
  notifications: true,
  addressTransactions: true,
  problem: true,
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

/** The IPC channel of each request method, and of the pushed event batches. */
export const IPC_CHANNELS = {
  getOverview: 'proofwatch:get-overview',
  getSeries: 'proofwatch:get-series',
  getLeaderboard: 'proofwatch:get-leaderboard',
  listProofs: 'proofwatch:list-proofs',
  getProof: 'proofwatch:get-proof',
  listTransactions: 'proofwatch:list-transactions',
  getTransaction: 'proofwatch:get-transaction',
  getSettings: 'proofwatch:get-settings',
  updateSettings: 'proofwatch:update-settings',
  getConnection: 'proofwatch:get-connection',
  getRecentProofs: 'proofwatch:get-recent-proofs',
  subscribe: 'proofwatch:subscribe',
  unsubscribe: 'proofwatch:unsubscribe',
} as const satisfies Record<BridgeMethodName, string>

/** Main → renderer: one message carries a batch of events, never one per indexer event. */
export const EVENTS_CHANNEL = 'proofwatch:events'
/** Renderer → main: the renderer is ready to receive events (queued until then). */
export const READY_CHANNEL = 'proofwatch:ready'

export const BRIDGE_METHOD_NAMES = Object.keys(IPC_CHANNELS) as BridgeMethodName[]

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
