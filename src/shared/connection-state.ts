/**
 * The connection state the page shows (header, Settings → Connection): the
 * indexer's HTTP and socket, each channel, how each kind of stream is
 * followed, and the background fetch of full records. Apart from the
 * records in domain.ts, which re-exports it for its callers.
 */
import type { ErrorInfo } from './error-info'

export type SocketState = 'connecting' | 'live' | 'backing-off' | 'offline' | 'stopped'
export type ChannelState = 'pending' | 'subscribed' | 'refused'
export type HttpState = 'unknown' | 'ok' | 'unreachable' | 'error'

export interface ChannelStatus {
  channel: string
  state: ChannelState
  /** The server's words when it refused the channel. */
  error?: string
  /** Why it was refused: the per-socket limit (moved to another socket), sign-in needed or expired, or anything else. */
  reason?: 'limit' | 'auth' | 'refused'
  /** `polled` when the server refuses to stream it and main polls over HTTP instead. */
  mode?: 'live' | 'polled'
  /** Which socket carries it, when main spreads channels over several. */
  socket?: number
}

/** Whether the user's own channels (`user:*`) work. */
export type UserChannelsState = 'not-configured' | 'pending' | 'ok' | 'sign-in-needed'

export interface ConnectionState {
  indexer: {
    demo: boolean
    httpUrl: string
    wsUrl: string
  }
  http: {
    state: HttpState
    lastOkAt: number | null
    lastError: ErrorInfo | null
  }
  socket: {
    state: SocketState
    reason: string | null
    /** Epoch ms of the next reconnect attempt while backing off. */
    nextRetryAt: number | null
    /** When the socket entered this state; connecting and waiting to retry count as one stretch. */
    since: number
    /** Times the socket came back live after having been live. */
    reconnects: number
    /** Connection attempts since the socket was last live, apart from reconnects. */
    attempts?: number
    /** Epoch ms of the last event the live side counted. */
    lastEventAt: number | null
    /** Round trip of the last protocol ping. */
    latencyMs?: number | null
    /** How many sockets carry the channels. */
    sockets?: number
  }
  channels: ChannelStatus[]
  /** The user paused the live feed (tray or menu); nothing reconnects until resumed. */
  paused?: boolean
  userChannels?: UserChannelsState
  counters?: {
    events: number
    duplicates: number
    malformedFrames: number
  }
  /** The background fetch of full records of what the user watches, for reading them offline. */
  details?: DetailFetchProgress
  /** How each kind of channel is followed on this indexer: pushed, polled (and why), or failing. */
  following?: ChannelFollowing[]
}

/** The kinds of stream whose liveness is measured per indexer (docs/wire.md: not every indexer pushes every channel). */
export const PUSH_KINDS = ['proofs', 'address', 'user-proofs', 'user-notifications', 'stats'] as const
export type PushKind = (typeof PUSH_KINDS)[number]

/**
 * How one kind of channel is followed. `pushed`: the socket brings it at
 * once. `polled`: read over HTTP every `intervalMs` (the indexer does not
 * push it, or has not been seen to yet). `failing`: neither works now.
 * Plain data: nulls, never undefined, so it survives JSON and structured clone.
 */
export interface ChannelFollowing {
  kind: PushKind
  how: 'pushed' | 'polled' | 'failing'
  /** For `polled`: the interval now in use (after the hidden / idle slow-down). */
  intervalMs: number | null
  /** Epoch ms of the last HTTP check (or poll) of this kind. */
  lastCheckAt: number | null
  /** Epoch ms of the next one; null when none is planned. */
  nextCheckAt: number | null
  /** Why, in plain words: "this indexer does not push it", "pushed; checked over HTTP now and then". */
  reason: string
  /** For `address`: each polled address's own timing (the open page is read faster). */
  addresses: AddressFollowing[]
}

export interface AddressFollowing {
  address: string
  intervalMs: number
  lastCheckAt: number | null
  nextCheckAt: number | null
}

/**
 * Full records of the transactions of watched addresses and of the proofs of
 * watched authorities and the user's wallet, fetched in the background.
 */
export interface DetailFetchProgress {
  /** Records in scope held in full. */
  held: number
  /** Records in scope the cache holds (in full or as summaries). */
  total: number
  /** Summaries the indexer said it does not have the full record of. */
  unavailable: number
  /** `working`: fetching; `idle`: nothing left to fetch; `offline`: paused until the indexer answers. */
  state: 'working' | 'idle' | 'offline'
}
