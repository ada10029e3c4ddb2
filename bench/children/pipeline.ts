/**
 * The consumer of the pipeline benchmarks in its own process, as the app's
 * main process: the core's monitor (history store on a cache file, live
 * service, watchlist, event batcher) connected to the indexer child, with a
 * counting bridge client on `onEvents` that serialises each batch as serve
 * mode's transport does. Reports how far it got (a notice every few
 * milliseconds while it moves), its memory, and how a backfill went.
 */
import { readFileSync } from 'node:fs'
import { writeHeapSnapshot, getHeapSpaceStatistics } from 'node:v8'
import type { BridgeEvent } from '@shared/bridge'
import type { CacheLimits } from '@shared/history'
import { createMonitor, type Monitor, type MonitorDeps } from '../../src/main/core/monitor/monitor'
import { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } from '../../src/main/core/config/settings'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import type { LiveServiceStatus } from '../../src/main/core/live/live-service'
import { answerRequests, notifyParent } from '../lib/ipc'
import { cpuMicros, sleep, wallNow } from '../lib/clock'
import { StoredRows } from '../lib/stored-rows'
import { startV8MemoryMode } from '../../src/main/runtime/v8-memory-mode'
import { Writable } from 'node:stream'
import { startLoopDelay, type LoopDelay } from '../lib/loop-delay'

// As the app's main process and serve mode run the core.
const v8MemoryMode = startV8MemoryMode()

export interface PipelineChildArgs {
  httpUrl: string
  wsUrl: string
  /** Watched addresses, as `--watch` adds them. */
  watch: string[]
  /** The history cache (a copy of the fixture re-keyed to this indexer); null keeps it in memory. */
  historyPath: string | null
  /** The history store's page cache in KiB; absent: the store's default. */
  cacheKiB?: number
  /** The cache's caps (Settings → Cache); absent: the defaults. */
  cacheLimits?: Partial<CacheLimits>
  /** Reconnect within a few tens of milliseconds, so that a benchmark does not wait out the backoff after an outage. */
  quickReconnect?: boolean
  progressEveryMs?: number
}

export interface CoreCounts {
  /** Items of `proofs` and `addressTransactions` the bridge client received: the indexer's events, relayed. */
  relayed: number
  proofs: number
  addressTransactions: number
  /** Notification-centre entries relayed (one per watched address's transaction). */
  notifications: number
  batches: number
  /** Bytes of the bridge messages as JSON. */
  relayedBytes: number
  /** `problem` events: anything the core had to tell the user. */
  problems: number
  lastProblem: string | null
  /** Live events dropped as already held. */
  duplicates: number
}

export interface HeapSpace {
  name: string
  size: number
  used: number
}

export interface MemoryReading {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  /** V8's heap spaces (new, old, code, large objects…): where heapTotal goes. */
  spaces: HeapSpace[]
  /** Linux: resident memory by kind (anonymous, file-backed, shared), in bytes; null elsewhere. */
  resident: { anon: number; file: number; shmem: number } | null
  /** Linux: the anonymous resident memory by what holds it, from /proc/self/smaps; null elsewhere. */
  anonymous: AnonymousParts | null
  /** V8's memory mode at the reading (v8-memory-mode.ts). */
  v8Mode: string
  relayed: number
}

export interface AnonymousParts {
  /** Mappings of exactly 256 KiB, V8's page size: the heap's pages, in use or pooled. */
  v8Pages: number
  /** The process's break heap and the other anonymous mappings: malloc (SQLite's page cache, buffers, threads' arenas). */
  malloc: number
}

export type ProgressNotice = Pick<CoreCounts, 'relayed'>

export interface BackfillTiming {
  /** From the socket's being live again to every missed transaction stored and the stream synced. */
  ms: number
  /** From the socket's being live again to the backfilled transactions' reaching the bridge client. */
  relayedMs: number
  stored: number
  backfilled: number
  problems: string[]
}

const V8_PAGE_KIB = 256
/** How often the backfill's wait looks at the cache file once all was relayed: a few ms of resolution on a figure of about a second. */
const STORED_CHECK_MS = 5

/** Anonymous resident memory split into V8's pages and the rest (malloc), from /proc/self/smaps. */
function anonymousParts(): AnonymousParts | null {
  let smaps: string
  try {
    smaps = readFileSync('/proc/self/smaps', 'utf8')
  } catch {
    return null
  }
  const parts: AnonymousParts = { v8Pages: 0, malloc: 0 }
  let current: keyof AnonymousParts | null = null
  for (const line of smaps.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (mapping) {
      const name = mapping[3] ?? ''
      const kib = (parseInt(mapping[2] as string, 16) - parseInt(mapping[1] as string, 16)) / 1024
      current = name === '' ? (kib === V8_PAGE_KIB ? 'v8Pages' : 'malloc') : name === '[heap]' ? 'malloc' : null
    } else if (current !== null && line.startsWith('Rss:')) {
      parts[current] += Number(line.split(/\s+/)[1]) * 1024
    }
  }
  return parts
}

/** RssAnon, RssFile and RssShmem of /proc/self/status: what of the RSS is the process's own memory and what is mapped files. */
function residentByKind(): MemoryReading['resident'] {
  let status: string
  try {
    status = readFileSync('/proc/self/status', 'utf8')
  } catch {
    return null
  }
  const kib = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) * 1024
  const resident = { anon: kib('RssAnon'), file: kib('RssFile'), shmem: kib('RssShmem') }
  return Object.values(resident).every(Number.isFinite) ? resident : null
}

const args = JSON.parse(process.argv[2] ?? '{}') as PipelineChildArgs
const counts: CoreCounts = {
  relayed: 0,
  proofs: 0,
  addressTransactions: 0,
  notifications: 0,
  batches: 0,
  relayedBytes: 0,
  problems: 0,
  lastProblem: null,
  duplicates: 0,
}
const problems: string[] = []
let relayedAt: number | null = null
let relayTarget: { address: string; count: number; seen: number } | null = null

/**
 * When each transaction first reached the bridge client (as an address's
 * transaction, and as or in a notification-centre entry), by signature, in
 * epoch ms of wallNow(); only while a benchmark asks (trackArrivals).
 */
let loopDelay: ReturnType<typeof startLoopDelay> | null = null

let arrivals: { core: Map<string, number>; centre: Map<string, number> } | null = null

function noteArrival(map: Map<string, number>, signature: string): void {
  if (!map.has(signature)) map.set(signature, wallNow())
}

/** The counting bridge client. */
function relay(batch: BridgeEvent[]): void {
  const text = JSON.stringify({ events: batch })
  counts.batches++
  counts.relayedBytes += text.length
  for (const item of batch) {
    switch (item.event) {
      case 'proofs':
        counts.proofs += item.payload.length
        counts.relayed += item.payload.length
        break
      case 'addressTransactions':
        counts.addressTransactions += item.payload.length
        counts.relayed += item.payload.length
        if (arrivals !== null) for (const { transaction } of item.payload) noteArrival(arrivals.core, transaction.signature)
        if (relayTarget !== null) {
          for (const { address } of item.payload) if (address === relayTarget.address) relayTarget.seen++
          if (relayTarget.seen >= relayTarget.count && relayedAt === null) relayedAt = Date.now()
        }
        break
      case 'notifications':
        counts.notifications += item.payload.length
        if (arrivals !== null) {
          for (const entry of item.payload) {
            if (entry.subject?.kind === 'transaction') noteArrival(arrivals.centre, entry.subject.id)
            for (const grouped of entry.group?.items ?? []) if (grouped.subject.kind === 'transaction') noteArrival(arrivals.centre, grouped.subject.id)
          }
        }
        break
      case 'problem':
        counts.problems++
        counts.lastProblem = item.payload.message
        problems.push(item.payload.message)
        if (problems.length > 20) problems.shift()
        break
    }
  }
}

const profile = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Benchmark indexer', httpUrl: args.httpUrl, wsUrl: args.wsUrl } }, () => 'bench').settings
const settings = args.cacheLimits ? applySettingsPatch(profile, { cache: args.cacheLimits }).settings : profile
const deps: MonitorDeps = {
  history: args.cacheKiB === undefined ? {} : { cacheKiB: args.cacheKiB },
  live: args.quickReconnect ? { transport: socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 50 }) } : {},
}
const monitor: Monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath: args.historyPath, launch: { watch: args.watch } }, deps)
monitor.onEvents(relay)
await monitor.start()

/**
 * Whether the live service has everything (socket live, every channel
 * subscribed, no gap left to fetch). The bridge's connection state does not
 * say whether a backfill is still running, so this asks the monitor's
 * diagnostic `liveStatus()`.
 */
function liveStatus(): LiveServiceStatus {
  const status = monitor.liveStatus()
  if (status === null) throw new Error('the monitor has no indexer session to read the live status of')
  return status
}

async function untilSynced(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!liveStatus().synced) {
    if (Date.now() > deadline) {
      const status = liveStatus()
      throw new Error(`the live service was not synced within ${timeoutMs} ms: socket ${status.socket.state}, syncing ${status.syncing.length}, last problem ${counts.lastProblem}`)
    }
    await sleep(5)
  }
}

await untilSynced(30_000)

let lastRelayed = -1
setInterval(() => {
  if (counts.relayed === lastRelayed) return
  lastRelayed = counts.relayed
  notifyParent('progress', { relayed: counts.relayed } satisfies ProgressNotice)
}, args.progressEveryMs ?? 10)

const storedRows = args.historyPath === null ? null : new StoredRows(args.historyPath, args.httpUrl)
let outage: { reconnects: number; mark: ReturnType<StoredRows['markOf']>; address: string } | null = null

answerRequests({
  /** CPU time of the whole process, every thread (the read worker's, SQLite's) included, in µs. */
  cpu: (): number => cpuMicros(),
  counts: (): CoreCounts => ({ ...counts, duplicates: liveStatus().counters.duplicates }),
  /** Writes what the history store still holds queued; the bridge's listNotifications does so before it reads. */
  async settle(): Promise<number> {
    const startedAt = performance.now()
    await monitor.listNotifications({ limit: 1 })
    return performance.now() - startedAt
  },
  /** After a full collection when `gc` is set (the child runs with --expose-gc), so growth means retained memory. */
  memory(options: { gc: boolean }): MemoryReading {
    if (options.gc) globalThis.gc?.()
    const usage = process.memoryUsage()
    return {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      spaces: getHeapSpaceStatistics().map((space) => ({ name: space.space_name, size: space.space_size, used: space.space_used_size })),
      resident: residentByKind(),
      anonymous: anonymousParts(),
      v8Mode: v8MemoryMode.mode,
      relayed: counts.relayed,
    }
  },
  heapSnapshot(options: { path: string }): string {
    return writeHeapSnapshot(options.path)
  },
  /** Notes the state before an outage: the reconnect count and what the cache holds for `address`. */
  beforeOutage(options: { address: string }): void {
    if (storedRows === null) throw new Error('no cache file')
    outage = { reconnects: liveStatus().socket.reconnects, mark: storedRows.markOf(options.address), address: options.address }
  },
  /**
   * Waits for the socket to be live again after the outage, then for the
   * `missed` transactions to be relayed, stored and the service synced.
   */
  async afterOutage(options: { missed: number; timeoutMs: number }): Promise<BackfillTiming> {
    if (outage === null || storedRows === null) throw new Error('beforeOutage first')
    const { address, reconnects, mark } = outage
    const backfilledBefore = liveStatus().counters.backfilled
    problems.length = 0
    relayedAt = null
    relayTarget = { address, count: options.missed, seen: 0 }
    const deadline = Date.now() + options.timeoutMs
    const fail = (what: string) =>
      new Error(`${what} within ${options.timeoutMs} ms; ${JSON.stringify(liveStatus().counters)}; problems: ${problems.join(' | ') || 'none'}`)
    // The reconnect: the socket live again (its `since` is when it became so).
    let status = liveStatus()
    while (!(status.socket.reconnects > reconnects && status.socket.state === 'live')) {
      if (Date.now() > deadline) throw fail('no reconnect')
      await sleep(1)
      status = liveStatus()
    }
    const liveAt = status.socket.since
    // Only look at the file once the core relayed them all: reading it meanwhile would compete with the core for this thread.
    while (relayedAt === null) {
      if (Date.now() > deadline) throw fail(`${relayTarget.seen} of ${options.missed} missed transactions relayed`)
      await sleep(1)
    }
    // Only the rows from the address's newest slot on are counted, every 5 ms: a count of all its rows every
    // millisecond took most of this thread and was measured as the core's own stalls.
    let stored = storedRows.transactionsSince(address, mark)
    while (stored < options.missed || !liveStatus().synced) {
      if (Date.now() > deadline) throw fail(`${stored} of ${options.missed} missed transactions stored`)
      await sleep(STORED_CHECK_MS)
      stored = storedRows.transactionsSince(address, mark)
    }
    const doneAt = Date.now()
    relayTarget = null
    return { ms: doneAt - liveAt, relayedMs: relayedAt - liveAt, stored, backfilled: liveStatus().counters.backfilled - backfilledBefore, problems: [...problems] }
  },
  /** Starts (or, with `on` false, ends) noting when each transaction reaches the bridge client. */
  trackArrivals(options: { on: boolean }): void {
    arrivals = options.on ? { core: new Map(), centre: new Map() } : null
  },
  /** What trackArrivals noted so far, as [signature, epoch ms] pairs: at the core (address transactions) and in the centre. */
  arrivals(): { core: [string, number][]; centre: [string, number][] } {
    return { core: [...(arrivals?.core ?? [])], centre: [...(arrivals?.centre ?? [])] }
  },
  /** The renderer's address page opened (null: closed), as the bridge's setOpenAddress. */
  async openAddress(options: { pubkey: string | null }): Promise<void> {
    await monitor.setOpenAddress(options.pubkey)
  },
  /** The window shown or hidden, as the desktop shell reports it. */
  activity(options: { visible: boolean; idle: boolean }): void {
    monitor.setActivity(options)
  },
  /** Starts measuring this main thread's event-loop delay (bench/lib/loop-delay.ts); loopDelayStop reads and ends it. */
  async loopDelayStart(): Promise<void> {
    loopDelay?.stop()
    loopDelay = startLoopDelay()
    await loopDelay.ticking()
  },
  loopDelayStop(): LoopDelay {
    if (loopDelay === null) throw new Error('loopDelayStart first')
    const result = loopDelay.stop()
    loopDelay = null
    return result
  },
  /**
   * The first `rows` rows of a CSV export of every cached proof, through the
   * monitor's exportHistory as the bridge asks for one, to a stream that
   * counts lines and ends the export there (the export has no row limit),
   * answering each write on the next turn of the loop as a file would.
   */
  async exportRows(options: { rows: number }): Promise<{ rows: number; ms: number }> {
    let lines = 0
    const enough = new Error('enough rows')
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const byte of chunk) if (byte === 10) lines++
        // Answered on a later turn, as a file or a socket answers: a sink that answers at once would never let the loop turn.
        setImmediate(() => done(lines > options.rows ? enough : null))
      },
    })
    monitor.setExportDestination(async (_request, writers) => {
      const result = await writers.toStream(out)
      return { status: 'saved', path: '', rows: result.rows, bytes: result.bytes }
    })
    const startedAt = performance.now()
    await monitor.exportHistory({ kind: 'proofs', format: 'csv', filter: {} }).catch((error: unknown) => {
      if (lines <= options.rows) throw error
    })
    // The header is a line too.
    return { rows: Math.min(options.rows, lines - 1), ms: performance.now() - startedAt }
  },
  /** Word searches through the monitor (the search box's bridge call); returns how many hits they found. */
  async searchWords(options: { words: string[]; times: number }): Promise<number> {
    let hits = 0
    for (let time = 0; time < options.times; time++) {
      for (const text of options.words) hits += (await monitor.search({ text })).length
    }
    return hits
  },
  /** This process's clock (wallNow), for comparing its times with another process's. */
  clock(): number {
    return wallNow()
  },
  async stop(): Promise<void> {
    storedRows?.close()
    await monitor.stop()
    setImmediate(() => process.exit(0))
  },
})

notifyParent('ready', null)
