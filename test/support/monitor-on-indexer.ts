/**
 * The scenario suites' common set-up: a core (monitor) against an indexer
 * the test starts itself (the demo or a hostile one), both stopped after
 * each test, so no suite writes its own afterEach and no server outlives its
 * test. The order is the one the suites kept by hand: what stands in front
 * of the cores (pages, transports), then the cores, then what they read
 * (indexers, proxies), newest first within each.
 */
import { afterEach } from 'vitest'
import type { BridgeEvent, BridgeEvents } from '@shared/bridge'
import type { ConnectionState } from '@shared/domain'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import { createMonitor, type Monitor, type MonitorDeps, type MonitorOptions } from '../../src/main/core/monitor/monitor'
import { DEMO_WALLET, demoWalletKeypair } from '../../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from '../../src/main/demo/server'
import { startHostileIndexer, type HostileIndexer } from '../hostile/hostile-indexer'

/** Backfill retries and overview polls short enough for a test to see several. */
export const FAST_MONITOR: MonitorDeps = { live: { backfill: { retryBaseMs: 50, retryCapMs: 200 }, overviewPollMs: 100 } }

/** A live socket that reconnects within a test's patience. */
export const fastSocket = () => socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 100 })

export interface StartedPerTest {
  /** The demo indexer on a free port, publishing nothing by itself unless `rate` says so. */
  demo(options?: DemoIndexerOptions): Promise<DemoIndexer>
  hostile(): Promise<HostileIndexer>
  /** A core, not started yet (a test hooks its events first); a test may stop it itself (a restart), the afterEach then does not again. */
  monitor(options: MonitorOptions, deps?: MonitorDeps): Monitor
  /** A page or transport in front of the cores, closed before them. */
  closeBeforeCores<T extends { close(): unknown }>(thing: T): T
  /** A server the cores read (a proxy, a stand-in indexer), closed after them. */
  closeAfterCores<T extends { close(): unknown }>(thing: T): T
}

/** Registers the afterEach that stops what the returned starters start. Call once, at the top of a test file. */
export function startedPerTest(): StartedPerTest {
  const front: Array<{ close(): unknown }> = []
  const cores: Monitor[] = []
  const behind: Array<{ close(): unknown }> = []
  afterEach(async () => {
    for (const thing of front.splice(0).reverse()) await thing.close()
    for (const core of cores.splice(0).reverse()) await core.stop()
    for (const thing of behind.splice(0).reverse()) await thing.close()
  })
  const closeAfterCores = <T extends { close(): unknown }>(thing: T): T => {
    behind.push(thing)
    return thing
  }
  return {
    demo: async (options = {}) => closeAfterCores(await startDemoIndexer({ port: 0, rate: 0, ...options })),
    hostile: async () => closeAfterCores(await startHostileIndexer()),
    monitor: (options, deps) => {
      const monitor = createMonitor(options, deps)
      const stop = monitor.stop
      let stopped: Promise<void> | null = null
      monitor.stop = () => (stopped ??= stop())
      cores.push(monitor)
      return monitor
    },
    closeBeforeCores: (thing) => {
      front.push(thing)
      return thing
    },
    closeAfterCores,
  }
}

/** Every event the core pushes, as it arrives: the batches, all events in order, and the payloads of one kind. */
export function heard(monitor: Monitor) {
  const batches: BridgeEvent[][] = []
  const events: BridgeEvent[] = []
  monitor.onEvents((batch) => {
    batches.push(batch)
    events.push(...batch)
  })
  const of = <E extends BridgeEvent['event']>(event: E): Array<BridgeEvents[E]> =>
    events.filter((e) => e.event === event).map((e) => e.payload as BridgeEvents[E])
  const connection = (): ConnectionState | undefined => of('connection').at(-1)
  return { batches, events, of, connection }
}

/** The app's demo profile (the demo wallet, signed in with the demo's session token) on a demo the test started and drives. */
export function demoProfileOn(demo: DemoIndexer): BuiltInDemo {
  const start = async () => ({ httpUrl: demo.httpUrl, wsUrl: demo.wsUrl, credential: demo.credential, cookieName: demo.cookieName, close: async () => {} })
  return { wallet: DEMO_WALLET, keypair: demoWalletKeypair, start }
}

type BuiltInDemo = NonNullable<MonitorOptions['demo']>

/** The app's built-in demo with a handle on the indexer it starts (so a test can drive it); `options` go to every start. */
export function drivableDemo(inner: BuiltInDemo, options?: Parameters<BuiltInDemo['start']>[0]): { builtIn: BuiltInDemo; indexer(): DemoIndexer } {
  let running: DemoIndexer | null = null
  const start = async () => (running = (await inner.start(options)) as DemoIndexer)
  return {
    builtIn: { ...inner, start },
    indexer: () => {
      if (!running) throw new Error('the demo has not started yet')
      return running
    },
  }
}
