/**
 * Polls what the socket does not push, one timer per resource: each has its
 * interval, waits longer after errors (backoff with jitter), polls less while
 * the window is hidden or the system idle, and never has two requests in
 * flight (asking during one joins it). A resource may be active only at
 * times (the overview while the socket is down): `refresh` re-checks.
 */
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { backoffDelay } from '../retry/backoff'

export interface Activity {
  /** The window is shown (not minimised or hidden to the tray). */
  visible: boolean
  /** The system reports the user idle (or the screen locked). */
  idle: boolean
  /** The machine runs on its battery (absent: not known, taken as mains power). */
  onBattery?: boolean
}

/** On battery, background reads are this many times slower: a monitor in the tray should not drain a laptop. */
export const BATTERY_FACTOR = 2

/** Someone may be looking: the window shown and the user not idle. */
export function lookedAt(activity: Activity): boolean {
  return activity.visible && !activity.idle
}

export function sameActivity(a: Activity, b: Activity): boolean {
  return a.visible === b.visible && a.idle === b.idle && (a.onBattery ?? false) === (b.onBattery ?? false)
}

export interface PollSpec<T> {
  key: string
  intervalMs: number
  run: () => Promise<T>
  onValue: (value: T) => void
  /** `failures` counts the failures in a row, 1 for the first. */
  onError?: (error: ErrorInfo, failures: number) => void
  /** Polled only while this holds; call `refresh` when it may have changed. Default: always. */
  active?: () => boolean
}

export interface PollState {
  key: string
  intervalMs: number
  /** The interval after the hidden / idle slow-down. */
  effectiveIntervalMs: number
  active: boolean
  inFlight: boolean
  polls: number
  /** Requests to poll that joined one already in flight. */
  joined: number
  failures: number
  /** Epoch ms when the last poll ended, well or not. */
  lastPolledAt: number | null
  lastOkAt: number | null
  lastError: ErrorInfo | null
  /** Epoch ms of the next poll; null while in flight or inactive. */
  nextAt: number | null
}

export interface PollerOptions {
  /** Intervals are this many times longer while the window is hidden. Default 4. */
  hiddenFactor?: number
  /** … and this many times longer while the system is idle. Default 10. */
  idleFactor?: number
  /** No wait after errors is longer. Default 5 minutes. */
  maxBackoffMs?: number
  random?: () => number
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export interface PollHandle {
  /** Polls now (or joins the poll in flight). */
  pollNow(): Promise<void>
  remove(): void
}

interface Resource {
  spec: PollSpec<unknown>
  timer: unknown
  inFlight: Promise<void> | null
  polls: number
  joined: number
  failures: number
  lastSettledAt: number | null
  lastOkAt: number | null
  lastError: ErrorInfo | null
  nextAt: number | null
  removed: boolean
}

export class Poller {
  private readonly resources = new Map<string, Resource>()
  private activity: Activity = { visible: true, idle: false }
  private stopped = false
  private readonly now: () => number
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (handle: unknown) => void

  constructor(private readonly options: PollerOptions = {}) {
    this.now = options.now ?? Date.now
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  }

  /** Adds a resource (replacing one with the same key); its first poll is at once when active. */
  add<T>(spec: PollSpec<T>): PollHandle {
    this.remove(spec.key)
    const resource: Resource = {
      spec: spec as PollSpec<unknown>,
      timer: null,
      inFlight: null,
      polls: 0,
      joined: 0,
      failures: 0,
      lastSettledAt: null,
      lastOkAt: null,
      lastError: null,
      nextAt: null,
      removed: false,
    }
    this.resources.set(spec.key, resource)
    this.schedule(resource)
    return {
      pollNow: () => this.runResource(resource),
      remove: () => {
        if (this.resources.get(spec.key) === resource) this.remove(spec.key)
      },
    }
  }

  has(key: string): boolean {
    return this.resources.has(key)
  }

  remove(key: string): void {
    const resource = this.resources.get(key)
    if (!resource) return
    resource.removed = true
    this.cancel(resource)
    this.resources.delete(key)
  }

  pollNow(key: string): Promise<void> {
    const resource = this.resources.get(key)
    return resource ? this.runResource(resource) : Promise.resolve()
  }

  setIntervalMs(key: string, intervalMs: number): void {
    const resource = this.resources.get(key)
    if (!resource || resource.spec.intervalMs === intervalMs) return
    resource.spec = { ...resource.spec, intervalMs }
    if (!resource.inFlight) this.schedule(resource)
  }

  /** Re-checks whether resources are active (all, or the one named) and plans their next poll. */
  refresh(key?: string): void {
    const targets = key === undefined ? [...this.resources.values()] : [this.resources.get(key)].filter((r) => r !== undefined)
    for (const resource of targets) if (!resource.inFlight) this.schedule(resource)
  }

  /** Hidden or idle stretches every interval; becoming visible again polls what is overdue at once. */
  setActivity(activity: Activity): void {
    if (sameActivity(activity, this.activity)) return
    this.activity = { visible: activity.visible, idle: activity.idle, onBattery: activity.onBattery ?? false }
    this.refresh()
  }

  getActivity(): Activity {
    return { ...this.activity }
  }

  states(): PollState[] {
    return [...this.resources.values()].map((resource) => ({
      key: resource.spec.key,
      intervalMs: resource.spec.intervalMs,
      effectiveIntervalMs: this.effectiveInterval(resource),
      active: this.isActive(resource),
      inFlight: resource.inFlight !== null,
      polls: resource.polls,
      joined: resource.joined,
      failures: resource.failures,
      lastPolledAt: resource.lastSettledAt,
      lastOkAt: resource.lastOkAt,
      lastError: resource.lastError,
      nextAt: resource.nextAt,
    }))
  }

  stop(): void {
    this.stopped = true
    for (const key of [...this.resources.keys()]) this.remove(key)
  }

  private effectiveInterval(resource: Resource): number {
    const { intervalMs } = resource.spec
    if (this.activity.idle) return intervalMs * (this.options.idleFactor ?? 10)
    const battery = this.activity.onBattery ? BATTERY_FACTOR : 1
    if (!this.activity.visible) return intervalMs * (this.options.hiddenFactor ?? 4) * battery
    return intervalMs * battery
  }

  private isActive(resource: Resource): boolean {
    try {
      return resource.spec.active?.() ?? true
    } catch {
      return false
    }
  }

  /** The wait after the last poll settled: the interval, longer after failures in a row. */
  private waitAfterLastPoll(resource: Resource): number {
    const interval = this.effectiveInterval(resource)
    if (resource.failures === 0) return interval
    const cap = Math.max(interval, this.options.maxBackoffMs ?? 300_000)
    return Math.min(cap, interval + backoffDelay(resource.failures - 1, interval, cap - interval, this.options.random))
  }

  private schedule(resource: Resource): void {
    this.cancel(resource)
    if (this.stopped || resource.removed || !this.isActive(resource)) return
    const now = this.now()
    const dueAt = resource.lastSettledAt === null ? now : resource.lastSettledAt + this.waitAfterLastPoll(resource)
    resource.nextAt = Math.max(now, dueAt)
    resource.timer = this.setTimer(() => {
      resource.timer = null
      if (!this.isActive(resource)) {
        resource.nextAt = null
        return
      }
      void this.runResource(resource)
    }, resource.nextAt - now)
  }

  private cancel(resource: Resource): void {
    if (resource.timer !== null) this.clearTimer(resource.timer)
    resource.timer = null
    resource.nextAt = null
  }

  private runResource(resource: Resource): Promise<void> {
    if (resource.inFlight) {
      resource.joined++
      return resource.inFlight
    }
    if (resource.removed || this.stopped) return Promise.resolve()
    this.cancel(resource)
    resource.polls++
    resource.inFlight = (async () => {
      try {
        const value = await resource.spec.run()
        resource.failures = 0
        resource.lastOkAt = this.now()
        resource.lastError = null
        if (!resource.removed) resource.spec.onValue(value)
      } catch (error) {
        resource.failures++
        resource.lastError = toErrorInfo(error)
        if (!resource.removed) resource.spec.onError?.(resource.lastError, resource.failures)
      } finally {
        resource.inFlight = null
        resource.lastSettledAt = this.now()
        this.schedule(resource)
      }
    })()
    return resource.inFlight
  }
}
