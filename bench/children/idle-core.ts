/**
 * The core as the app runs it in the tray with no window open: the monitor
 * with its history store on a file, watching a couple of addresses, and no
 * bridge client. Timers are counted by where they were set, so the runner can
 * tell whether anything wakes the process more than once a second while idle.
 * CPU time and context switches come from getrusage (every thread, µs).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answerRequests, notifyParent } from '../lib/ipc'
import { cpuMicros } from '../lib/clock'
import { startV8MemoryModeSoon } from '../../src/main/runtime/v8-memory-mode'

// As the app's main process and serve mode run the core.
startV8MemoryModeSoon()

export interface IdleCoreArgs {
  httpUrl: string
  wsUrl: string
  watch: string[]
}

export interface IdleReading {
  /** process.cpuUsage(): user + system, µs, every thread. */
  cpuMicros: number
  voluntarySwitches: number
  involuntarySwitches: number
  /** Firings per timer since the last reading, by where it was set: the busiest first. */
  timers: { site: string; firings: number }[]
}

const firings = new Map<string, number>()
/** Off while CPU is read: taking a stack at every timer is the benchmark's own cost, not the core's. */
let tracking = true

/**
 * The first stack frame outside this file: where a timer was set. Only the
 * frames needed are captured (this function, the wrapper, its caller): the
 * whole stack, taken at every timer, was a tenth of the core's CPU at 1 event/s.
 */
function callSite(): string {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 3
  const stack = new Error().stack ?? ''
  Error.stackTraceLimit = limit
  const lines = stack.split('\n').slice(1)
  const outside = lines.find((line) => !line.includes('idle-core'))
  return (outside ?? 'unknown').trim().replace(/^at /, '')
}

function counted<A extends unknown[]>(callback: (...args: A) => void, site: string): (...args: A) => void {
  return (...args: A) => {
    firings.set(site, (firings.get(site) ?? 0) + 1)
    callback(...args)
  }
}

// Installed before the core is loaded, so every timer it sets is seen.
const plainSetTimeout = globalThis.setTimeout
const plainSetInterval = globalThis.setInterval
globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...rest: unknown[]) =>
  plainSetTimeout(tracking ? counted(callback, callSite()) : callback, ms, ...rest)) as typeof setTimeout
globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...rest: unknown[]) =>
  plainSetInterval(tracking ? counted(callback, callSite()) : callback, ms, ...rest)) as typeof setInterval

const { createMonitor } = await import('../../src/main/core/monitor/monitor')
const { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } = await import('../../src/main/core/config/settings')

const args = JSON.parse(process.argv[2] ?? '{}') as IdleCoreArgs
const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Benchmark indexer', httpUrl: args.httpUrl, wsUrl: args.wsUrl } }, () => 'bench').settings
const historyDir = mkdtempSync(join(tmpdir(), 'proofwatch-idle-'))
const historyPath = join(historyDir, 'history.sqlite')
// The runner ends this process with SIGTERM (an orderly exit, bench/lib/ipc.ts): its cache goes with it.
process.once('exit', () => rmSync(historyDir, { recursive: true, force: true }))
const monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath, launch: { watch: args.watch } })
await monitor.start()

function reading(): IdleReading {
  const usage = process.resourceUsage()
  const timers = [...firings].map(([site, count]) => ({ site, firings: count })).sort((a, b) => b.firings - a.firings)
  firings.clear()
  return { cpuMicros: cpuMicros(), voluntarySwitches: usage.voluntaryContextSwitches, involuntarySwitches: usage.involuntaryContextSwitches, timers }
}

answerRequests({
  reading,
  /** Timers set from now on are counted by where they were set (on), or run as they are (off). */
  trackTimers(options: { on: boolean }): void {
    tracking = options.on
  },
  async socketState(): Promise<string> {
    return (await monitor.getConnection()).socket.state
  },
  /** The window shown or hidden, as the desktop shell reports it. */
  activity(options: { visible: boolean; idle: boolean }): void {
    monitor.setActivity(options)
  },
  /** The renderer's address page opened (null: closed), as the bridge's setOpenAddress. */
  async openAddress(options: { pubkey: string | null }): Promise<void> {
    await monitor.setOpenAddress(options.pubkey)
  },
  async stop(): Promise<void> {
    await monitor.stop()
  },
})
notifyParent('ready', null)
