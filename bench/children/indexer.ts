/**
 * The demo indexer in its own process, driven by the runner: publishes proofs
 * as fast as it is allowed (credit from the runner), at a fixed rate, or a
 * burst of transactions for one address, and notes when each proof was sent.
 * Runs apart from the consumer so that producer and consumer each have a core.
 */
import { Server, type IncomingMessage } from 'node:http'
import { startDemoIndexer } from '../../src/main/demo/server'
import type { NetworkEvent } from '../../src/main/demo/network'
import { answerRequests, notifyParent } from '../lib/ipc'
import { cpuMicros, wallNow } from '../lib/clock'

export interface IndexerChildArgs {
  seed?: number
  historyProofs?: number
  historyTransactions?: number
  /** Records the simulated network keeps; small keeps a long benchmark's producer light. */
  maxProofs?: number
  maxTransactions?: number
  /** How often the indexer pushes `stats`; default every 2 s. */
  statsIntervalMs?: number
  /**
   * Push address transactions and every notice (the demo's --push-address-events). Default true:
   * these benchmarks measure the pushed path; false gives the reference deployment's silent address channels.
   */
  pushAddressEvents?: boolean
}

export interface IndexerReady {
  httpUrl: string
  wsUrl: string
  /** Every authority of the network: watching all of them gives each proof an address event. */
  authorities: string[]
}

export interface PublishReply {
  /** Socket frames the proofs became for the given channels: one on `proofs`, one per watched account. */
  frames: number
  proofs: number
  elapsedMs: number
}

const args = JSON.parse(process.argv[2] ?? '{}') as IndexerChildArgs
const pushAddressEvents = args.pushAddressEvents ?? true
// Not pushing: the server's own default (the reference's 60 s aggregator) unless a benchmark says otherwise.
const serverOptions = { seed: args.seed ?? 1, rate: 0, statsIntervalMs: args.statsIntervalMs ?? (pushAddressEvents ? 2000 : undefined), pushAddressEvents }

/** HTTP requests the demo answered, by route (counted at its server: what the indexer's rate limit sees). */
const httpRequests = new Map<string, number>()
// Counted at Node's HTTP server, below the demo's own code, so the demo needs no hook for it.
const plainEmit = Server.prototype.emit
Server.prototype.emit = function (this: Server, event: string, ...rest: unknown[]) {
  if (event === 'request') {
    const url = (rest[0] as IncomingMessage).url ?? '/'
    const route = url.split('?')[0]!.replace(/\/[1-9A-HJ-NP-Za-km-z]{32,90}(?=\/|$)/g, '/{key}')
    httpRequests.set(route, (httpRequests.get(route) ?? 0) + 1)
  }
  return plainEmit.apply(this, [event, ...rest] as Parameters<typeof plainEmit>)
} as typeof plainEmit
let indexer = await startDemoIndexer({
  port: 0,
  ...serverOptions,
  network: {
    historyProofs: args.historyProofs ?? 300,
    historyTransactions: args.historyTransactions ?? 200,
    maxProofs: args.maxProofs ?? 50_000,
    maxTransactions: args.maxTransactions ?? 100_000,
  },
})
const network = indexer.network

let watched = new Set<string>(network.authorities)
let proofsChannel = true
let frames = 0
let stamping = false
const sentAt = new Map<string, number>()

// Registered after the server's own listener: by the time it runs, the frames were handed to the sockets.
network.onEvent((event: NetworkEvent) => {
  if (event.kind === 'proof') {
    if (proofsChannel) frames++
    if (stamping) sentAt.set(event.proof.proofAccount, wallNow())
  }
  if (event.kind === 'proof' || event.kind === 'transaction' || event.kind === 'revocation') {
    for (const account of event.transaction.accounts) if (watched.has(account)) frames++
  }
})

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

answerRequests({
  /** CPU time of the whole process in µs. */
  cpu: (): number => cpuMicros(),
  /** Which channels the consumer listens to, so that `frames` counts what it should receive. */
  listeners(options: { proofs: boolean; addresses: string[] }) {
    proofsChannel = options.proofs
    watched = new Set(options.addresses)
  },
  /** `proofs` proofs at once (slices of 500, letting the sockets drain between them). */
  async publish(options: { proofs: number }): Promise<PublishReply> {
    const startFrames = frames
    const startedAt = wallNow()
    for (let done = 0; done < options.proofs; ) {
      const slice = Math.min(500, options.proofs - done)
      for (let index = 0; index < slice; index++) network.publishProof()
      done += slice
      if (done < options.proofs) await nextTurn()
    }
    return { frames: frames - startFrames, proofs: options.proofs, elapsedMs: wallNow() - startedAt }
  },
  /** Proofs at `proofsPerSecond` for `durationMs`, spread over ticks of about a millisecond. */
  async publishAtRate(options: { proofsPerSecond: number; durationMs: number; stamp?: boolean }): Promise<PublishReply> {
    stamping = options.stamp ?? false
    const startFrames = frames
    const startedAt = wallNow()
    let published = 0
    for (;;) {
      const elapsed = wallNow() - startedAt
      const due = Math.min(Math.floor((options.proofsPerSecond * Math.min(elapsed, options.durationMs)) / 1000), Number.MAX_SAFE_INTEGER)
      for (; published < due; published++) network.publishProof()
      if (elapsed >= options.durationMs) break
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    stamping = false
    return { frames: frames - startFrames, proofs: published, elapsedMs: wallNow() - startedAt }
  },
  /** When each proof since the last call was sent, as [proofAccount, epoch ms]; the notes are then cleared. */
  takeSendTimes(): [string, number][] {
    const entries = [...sentAt]
    sentAt.clear()
    return entries
  },
  /** HTTP requests answered since the last call, by route ({key} for an address or signature); the counts are then cleared. */
  takeHttpRequests(): Record<string, number> {
    const counts = Object.fromEntries(httpRequests)
    httpRequests.clear()
    return counts
  },
  /** One transaction paid by `address`, and when it was listed (this process's epoch ms): from then on the HTTP API returns it. */
  publishTransactionStamped(options: { address: string }): { signature: string; at: number } {
    const signature = network.publishTransaction({ feePayer: options.address, kind: 'transfer', failed: false }).signature
    return { signature, at: wallNow() }
  },
  /** This process's clock, for measuring its offset from the runner's. */
  clock(): number {
    return wallNow()
  },
  /** `count` transactions paid by `address`, none of which reach a socket that is not subscribed. */
  publishTransactions(options: { address: string; count: number }): { newest: string; oldest: string } {
    let oldest = ''
    let newest = ''
    for (let index = 0; index < options.count; index++) {
      const tx = network.publishTransaction({ feePayer: options.address, kind: 'transfer', failed: false })
      if (index === 0) oldest = tx.signature
      newest = tx.signature
    }
    return { newest, oldest }
  },
  /**
   * An outage: the indexer goes down (sockets cut, HTTP refused), `count`
   * transactions paid by `address` happen meanwhile, and it comes back on the
   * same port with the same network, as after a restart.
   */
  async outage(options: { address: string; count: number; downMs?: number }): Promise<{ newest: string }> {
    const port = indexer.port
    await indexer.close()
    let newest = ''
    for (let index = 0; index < options.count; index++) {
      newest = network.publishTransaction({ feePayer: options.address, kind: 'transfer', failed: false }).signature
    }
    await new Promise((resolve) => setTimeout(resolve, options.downMs ?? 0))
    indexer = await startDemoIndexer({ port, ...serverOptions, network: { continueFrom: network } })
    return { newest }
  },
  /** Cuts every socket without a close handshake: an outage as the client sees it. */
  dropConnections(): number {
    return indexer.dropAllConnections()
  },
  async close(): Promise<void> {
    await indexer.close()
    setImmediate(() => process.exit(0))
  },
})

notifyParent('ready', { httpUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, authorities: [...network.authorities] } satisfies IndexerReady)
