/** A SocketPool wired to recorders, with timings short enough for tests, and cleanup after each test. */
import type { ChannelStatus, ErrorInfo } from '@shared/domain'
import { encodeBase58 } from '../../src/main/demo/base58'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from '../../src/main/demo/server'
import { SocketPool, type SocketPoolOptions } from '../../src/main/core/live/socket-pool'
import type { FeedStatus } from '../../src/main/core/live/feed-socket'
import { socketRecorder } from './socket-recorder'
import { afterThisTest } from './after-test'

/** Backoff in tens of ms; heartbeats slow enough not to matter unless a test shortens them. */
export const FAST: Partial<SocketPoolOptions> = {
  backoffBaseMs: 20,
  backoffCapMs: 200,
  welcomeTimeoutMs: 2000,
  pingIntervalMs: 5000,
  pongTimeoutMs: 5000,
  keepAliveMs: 60_000,
  offlineProbeMs: 0,
  stableAfterMs: 50,
}

/** Runs `cleanup` after the current test, last registered first. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  afterThisTest(cleanup)
}

export async function demo(options: DemoIndexerOptions = {}): Promise<DemoIndexer> {
  const indexer = await startDemoIndexer({ rate: 0, statsIntervalMs: 60_000, ...options })
  onCleanup(() => indexer.close())
  return indexer
}

/** `count` distinct valid base58 addresses (32 bytes each). */
export function addresses(count: number): string[] {
  return Array.from({ length: count }, (_, index) => encodeBase58(new Uint8Array(32).fill(index + 1)))
}

export interface WatchedPool {
  pool: SocketPool
  statuses: FeedStatus[]
  events: Array<[string, unknown]>
  problems: ErrorInfo[]
  /** Every onChannelLive call, in order. */
  live: string[]
  status(): FeedStatus
  channels(): ChannelStatus[]
  channel(name: string): ChannelStatus | undefined
}

export function watchPool(options: Partial<SocketPoolOptions> & { url: string }): WatchedPool {
  const { statuses, events, problems, live, handlers } = socketRecorder()
  const pool = new SocketPool({
    channels: ['stats', 'proofs'],
    ...handlers,
    ...FAST,
    ...options,
  })
  onCleanup(() => pool.stop())
  return {
    pool,
    statuses,
    events,
    problems,
    live,
    status: () => pool.current(),
    channels: () => pool.channels(),
    channel: (name) => pool.channels().find((c) => c.channel === name),
  }
}

export const allSubscribed = (pool: SocketPool): boolean => pool.channels().every((c) => c.state === 'subscribed')
