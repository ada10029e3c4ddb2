/**
 * The built-in demo indexer: a simulated network served over real HTTP and
 * a real WebSocket on 127.0.0.1, in the reference deployment's wire format.
 * It is the default indexer of the app and the server of tests and benchmarks.
 *
 * By default it pushes what the reference deployment pushes (docs/wire.md):
 * `address:{pubkey}:txs` is accepted and never sent on, `stats` goes out once
 * a minute, revocations reach only their author (a PROOF_REVOKED notice),
 * announcements and circuit registrations only the notification list, and
 * "Watched address activity" only the users whose server-side watchlist holds
 * a proof's authority. `pushAddressEvents` makes it a deployment that pushes
 * address transactions, stats every 2 s and every notice, as it did before.
 */
import type { Server } from 'node:http'
import { nodeHttp } from '../runtime/builtins-on-first-use'
import type { AddressInfo } from 'node:net'
import { DemoAccounts, type DemoAccountsOptions } from './accounts'
import { handleAuthRequest, isAuthRoute } from './auth-api'
import { handleNotificationsRequest, isNotificationsRoute } from './notifications-api'
import { handleHttpRequest, type HttpFault } from './http-api'
import { DemoNetwork, type DemoNetworkOptions, type NetworkEvent } from './network'
import { RateLimiter } from './rate-limit'
import type { NotificationRecord, ProofRecord, TransactionRecord } from './records'
import { SocketHub, type UpgradeRefusal } from './socket-hub'
import { WatchedActivity } from './watched-activity'
import { WatchedAddresses } from './watched-addresses'
import { handleWatchedRequest, isWatchedRoute } from './watched-api'
import { wireNotification, wireProofSummary, wireStats, wireTransaction, type WireOverview, type WireStatsEvent } from './wire-format'

/** The only address served: the demo indexer never leaves this machine. */
const LOOPBACK = '127.0.0.1'

export interface DemoIndexerOptions {
  /** 0 picks a free port. Default 0. */
  port?: number
  /** Default 1. */
  seed?: number
  /** False: overview and stats events leave out epoch, as the reference deployment does. Default true. */
  sendEpoch?: boolean
  /** New proofs per second; 0 publishes only when driven (network.publishProof, tick). Default 2. */
  rate?: number
  /** The demo session token. Default 'demo'. */
  credential?: string
  /** Default 'zkhelios_session'. */
  cookieName?: string
  /** Default 300_000. */
  idleTimeoutMs?: number
  /** Default 30_000. */
  pingIntervalMs?: number
  /** Default 10. */
  subscriptionLimit?: number
  /** False: no /api/circuits and no /api/proofs/by-circuit, as an indexer with only the seed's endpoints. Default true. */
  circuitRoutes?: boolean
  /** True: /api/proofs filters by `state=verified|revoked`, which the reference deployment does not. Default false. */
  proofStateFilter?: boolean
  /** true answers `Channel not allowed` to proofs:circuit:{id}, as the reference deployment does. Default false. */
  refuseCircuitChannel?: boolean
  /**
   * True: a deployment that pushes — transactions on `address:{pubkey}:txs`, stats every
   * 2 s, revocations and every notice on `user:notifications`. Default false: as the reference.
   */
  pushAddressEvents?: boolean
  /** How often `stats` subscribers get an event. Default 60_000 (the reference's aggregator), 2000 when pushing. */
  statsIntervalMs?: number
  /** Refuse with 429 past 1000 requests a minute per client. Default false (headers only). */
  enforceRateLimit?: boolean
  /** With a credential, delay the welcome and drop earlier client messages, as the reference does. Default 0. */
  welcomeDelayMs?: number
  /** How often the network advances. Default 100. */
  tickIntervalMs?: number
  /** Further network settings (clock, startTime, history size, retention). */
  network?: Omit<DemoNetworkOptions, 'seed' | 'rate'>
  /** Sign-in: the clock of nonces, messages and sessions (default Date.now), and whether the per-route limits refuse (default true, as the reference). */
  auth?: { clock?: () => number; enforceRateLimits?: boolean; sessions?: DemoAccountsOptions['sessions']; onSessions?: DemoAccountsOptions['onSessions'] }
}

export interface DemoIndexer {
  /** e.g. http://127.0.0.1:8787 */
  readonly httpUrl: string
  /** e.g. ws://127.0.0.1:8787/ws */
  readonly wsUrl: string
  readonly port: number
  readonly network: DemoNetwork
  /** The credential that authenticates a socket (cookie `cookieName=credential` or Bearer). */
  readonly credential: string
  readonly cookieName: string
  /** Stops timers, cuts every socket and closes the server. */
  close(): Promise<void>
  setRate(proofsPerSecond: number): void
  /** Open WebSocket connections. */
  connectionCount(): number
  /** Cuts every WebSocket without a close handshake; returns how many. */
  dropAllConnections(): number
  /** Closes every WebSocket cleanly; returns how many. */
  closeAllConnections(code?: number, reason?: string): number
  /** Sends `data` unchanged to every WebSocket (malformed frames for robustness tests); a Buffer as text unless `binary`. */
  sendRawToAll(data: string | Buffer, binary?: boolean): void
  /** Answers every WebSocket upgrade with this HTTP status (and Retry-After) until called with null. */
  refuseUpgrades(refusal: UpgradeRefusal | null): void
  /** How many channels each open WebSocket holds. */
  subscriptionCounts(): number[]
  /** Makes the next `count` routed HTTP requests fail in the given way. */
  failNextHttp(count: number, fault: HttpFault): void
  /** Sends a `stats` event now instead of waiting for the interval. */
  publishStats(): void
  /** The overview's `status`. */
  setStatus(status: WireOverview['status']): void
  /** Sign-in sessions (nonces, sessions, lockouts). */
  readonly accounts: DemoAccounts
  /** Each user's server-side watchlist (`/api/users/me/watched`). */
  readonly watched: WatchedAddresses
  /** Whether this deployment pushes address transactions, frequent stats and every notice. */
  readonly pushAddressEvents: boolean
  /** How often `stats` subscribers get an event. */
  readonly statsIntervalMs: number
}

/** How often `stats` goes out: the reference's aggregator period, or a pushing deployment's. */
export const REFERENCE_STATS_INTERVAL_MS = 60_000
export const PUSHING_STATS_INTERVAL_MS = 2000

export async function startDemoIndexer(options: DemoIndexerOptions = {}): Promise<DemoIndexer> {
  const credential = options.credential ?? 'demo'
  const cookieName = options.cookieName ?? 'zkhelios_session'

  const network = new DemoNetwork({ ...options.network, seed: options.seed ?? 1, rate: options.rate ?? 2 })
  // The domain and URI the messages name are known once the port is: set after listen.
  const accounts = new DemoAccounts({
    domain: '',
    uri: '',
    staticToken: credential,
    staticPubkey: network.wallet,
    ...(options.auth?.clock ? { clock: options.auth.clock } : {}),
    ...(options.auth?.sessions ? { sessions: options.auth.sessions } : {}),
    ...(options.auth?.onSessions ? { onSessions: options.auth.onSessions } : {}),
  })
  const hub = new SocketHub({
    credential,
    cookieName,
    isSession: (token) => accounts.isSession(token),
    sessionUser: (token) => (accounts.isSession(token) ? accounts.session(token).user.pubkey : null),
    idleTimeoutMs: options.idleTimeoutMs ?? 300_000,
    pingIntervalMs: options.pingIntervalMs ?? 30_000,
    subscriptionLimit: options.subscriptionLimit ?? 10,
    refuseCircuitChannel: options.refuseCircuitChannel ?? false,
    welcomeDelayMs: options.welcomeDelayMs ?? 0,
    maxBufferedBytes: 64 * 1024 * 1024,
  })
  const rateLimiter = new RateLimiter(1000, 60_000, options.enforceRateLimit ?? false)
  const faults: HttpFault[] = []
  let status: WireOverview['status'] = 'online'

  const pushAddressEvents = options.pushAddressEvents ?? false
  const watched = new WatchedAddresses()
  const watchedActivity = new WatchedActivity(watched, network.inbox)

  const enforceAuthLimits = options.auth?.enforceRateLimits ?? true
  const authLimits = { nonceLimiter: new RateLimiter(10, 60_000, enforceAuthLimits), verifyLimiter: new RateLimiter(5, 60_000, enforceAuthLimits) }
  const server: Server = nodeHttp().createServer((request, response) => {
    if (isAuthRoute(request.url ?? '/')) {
      handleAuthRequest({ accounts, cookieName, ...authLimits }, request, response)
      return
    }
    const pathname = URL.parse(request.url ?? '/', `http://${LOOPBACK}`)?.pathname ?? ''
    if (isNotificationsRoute(pathname)) {
      handleNotificationsRequest({ accounts, cookieName, credential, inbox: network.inbox, rateLimiter }, request, response)
      return
    }
    if (isWatchedRoute(pathname)) {
      handleWatchedRequest({ accounts, cookieName, credential, watched, rateLimiter }, request, response)
      return
    }
    handleHttpRequest({ network, rateLimiter, status: () => status, sendEpoch: options.sendEpoch ?? true, circuitRoutes: options.circuitRoutes ?? true, proofStateFilter: options.proofStateFilter ?? false, takeFault: () => faults.shift() }, request, response)
  })
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', `http://${LOOPBACK}`).pathname
    if (path === '/ws') {
      hub.handleUpgrade(request, socket, head)
      return
    }
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })
  server.on('clientError', (_error, socket) => socket.destroy())

  const unsubscribe = network.onEvent((event) => {
    publishEvent(hub, network, event, pushAddressEvents)
    if (event.kind !== 'proof') return
    for (const notice of watchedActivity.proofVerified(event.proof)) {
      hub.publishToUser('user:notifications', notice.recipient as string, wireNotification(notice))
    }
  })
  const publishStats = (): void => {
    if (hub.hasSubscribers('stats')) hub.publish('stats', statsEvent(network, options.sendEpoch ?? true))
  }
  const tickTimer = setInterval(() => network.tick(), options.tickIntervalMs ?? 100)
  const statsIntervalMs = options.statsIntervalMs ?? (pushAddressEvents ? PUSHING_STATS_INTERVAL_MS : REFERENCE_STATS_INTERVAL_MS)
  const statsTimer = setInterval(publishStats, statsIntervalMs)

  const stopTimers = (): void => {
    clearInterval(tickTimer)
    clearInterval(statsTimer)
    unsubscribe()
  }
  try {
    await listen(server, options.port ?? 0)
  } catch (error) {
    stopTimers()
    await hub.close()
    throw error
  }

  const port = (server.address() as AddressInfo).port
  accounts.setOrigin(`${LOOPBACK}:${port}`, `http://${LOOPBACK}:${port}`)
  let closing: Promise<void> | undefined
  return {
    httpUrl: `http://${LOOPBACK}:${port}`,
    wsUrl: `ws://${LOOPBACK}:${port}/ws`,
    port,
    network,
    credential,
    cookieName,
    close() {
      closing ??= (async () => {
        stopTimers()
        await hub.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
      })()
      return closing
    },
    setRate: (proofsPerSecond) => network.setRate(proofsPerSecond),
    connectionCount: () => hub.connectionCount(),
    dropAllConnections: () => hub.dropAll(),
    closeAllConnections: (code, reason) => hub.closeAll(code, reason),
    sendRawToAll: (data, binary) => hub.sendRawToAll(data, binary),
    refuseUpgrades: (refusal) => hub.refuseUpgrades(refusal),
    subscriptionCounts: () => hub.subscriptionCounts(),
    failNextHttp(count, fault) {
      for (let index = 0; index < count; index++) faults.push(fault)
    },
    publishStats,
    setStatus(next) {
      status = next
    },
    accounts,
    watched,
    pushAddressEvents,
    statsIntervalMs,
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function publishEvent(hub: SocketHub, network: DemoNetwork, event: NetworkEvent, pushing: boolean): void {
  switch (event.kind) {
    case 'proof':
      publishProof(hub, network, event.proof)
      if (pushing) publishTransaction(hub, event.transaction)
      return
    case 'revocation':
    case 'transaction':
      // The reference publishes no address channel: transactions, revocations included, are read over HTTP.
      if (pushing) publishTransaction(hub, event.transaction)
      return
    case 'notification':
      if (pushing || isAuthorNotice(event.notification)) hub.publish('user:notifications', wireNotification(event.notification))
      return
  }
}

/**
 * What the reference pushes on `user:notifications`: a proof's verification or revocation to its
 * author. Announcements and circuit registrations appear only in GET /api/notifications.
 */
function isAuthorNotice(notification: NotificationRecord): boolean {
  return notification.type === 'PROOF_VERIFIED' || notification.type === 'PROOF_REVOKED'
}

function publishProof(hub: SocketHub, network: DemoNetwork, proof: ProofRecord): void {
  const circuitChannel = `proofs:circuit:${proof.circuit.id}`
  const toUser = proof.authority === network.wallet && hub.hasSubscribers('user:proofs')
  if (!hub.hasSubscribers('proofs') && !hub.hasSubscribers(circuitChannel) && !toUser) return
  const json = JSON.stringify(wireProofSummary(proof))
  hub.publishJson('proofs', json)
  hub.publishJson(circuitChannel, json)
  if (toUser) hub.publishJson('user:proofs', json)
}

function publishTransaction(hub: SocketHub, tx: TransactionRecord): void {
  let json: string | undefined
  for (const account of tx.accounts) {
    const channel = `address:${account}:txs`
    if (!hub.hasSubscribers(channel)) continue
    json ??= JSON.stringify(wireTransaction(tx))
    hub.publishJson(channel, json)
  }
}

function statsEvent(network: DemoNetwork, sendEpoch: boolean): WireStatsEvent {
  const now = network.now()
  return { timestamp: new Date(now).toISOString(), ...wireStats(network.overview(now), sendEpoch) }
}
