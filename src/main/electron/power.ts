/**
 * Sleep, wake, network changes and idleness reach the live feed at once:
 * resume and back-online reconnect without waiting out a backoff; idle, a
 * hidden window or running on battery slow polling. Electron reports
 * suspend/resume and screen locks as events; online state, idleness and the
 * power source are read every few seconds.
 */
import type { Logger } from '../core/log/log'
import { sameActivity, type Activity } from '../core/polling/poller'

export interface PowerHooks {
  suspend(): void
  resume(): void
  setOnline(online: boolean): void
  setActivity(activity: Activity): void
}

export interface PowerMonitorLike {
  on(event: 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen', listener: () => void): unknown
  removeListener(event: 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen', listener: () => void): unknown
  getSystemIdleState(idleThresholdSeconds: number): 'active' | 'idle' | 'locked' | 'unknown'
  /** Not on every platform's older builds: absent or failing means mains power. */
  isOnBatteryPower?(): boolean
}

export interface PowerDeps {
  powerMonitor: PowerMonitorLike
  net: { isOnline(): boolean }
  hooks: Partial<PowerHooks>
  isWindowVisible(): boolean
  log: Logger
  pollMs?: number
  idleThresholdSeconds?: number
  setInterval?: (callback: () => void, ms: number) => unknown
  clearInterval?: (handle: unknown) => void
}

export interface PowerWatch {
  /** Reads online state, idleness and window visibility now. */
  check(): void
  dispose(): void
}

export function watchPower(deps: PowerDeps): PowerWatch {
  const { powerMonitor, hooks, log } = deps
  const every = deps.setInterval ?? ((callback, ms) => setInterval(callback, ms).unref())
  const stopEvery = deps.clearInterval ?? ((handle) => clearInterval(handle as ReturnType<typeof setInterval>))
  const idleThreshold = deps.idleThresholdSeconds ?? 300
  let online: boolean | null = null
  let locked = false
  let activity: Activity | null = null

  const check = () => {
    let nowOnline = true
    try {
      nowOnline = deps.net.isOnline()
    } catch (error) {
      log.warn('Could not read the network state', { error: String(error) })
    }
    if (nowOnline !== online) {
      // The first reading is news only when it is "offline": the feed starts online.
      if (online !== null || !nowOnline) {
        log.info(nowOnline ? 'Network is back; reconnecting now' : 'Network is gone; waiting for it')
        hooks.setOnline?.(nowOnline)
      }
      online = nowOnline
    }
    const idleState = powerMonitor.getSystemIdleState(idleThreshold)
    const next = { visible: deps.isWindowVisible(), idle: locked || idleState === 'idle' || idleState === 'locked', onBattery: onBattery() }
    if (!activity || !sameActivity(next, activity)) {
      activity = next
      hooks.setActivity?.(next)
    }
  }

  const onBattery = (): boolean => {
    try {
      return powerMonitor.isOnBatteryPower?.() === true
    } catch {
      return false
    }
  }

  const onSuspend = () => {
    log.info('System going to sleep; the live feed rests')
    hooks.suspend?.()
  }
  const onResume = () => {
    log.info('System woke up; reconnecting now')
    hooks.resume?.()
    check()
  }
  const onLock = () => {
    locked = true
    check()
  }
  const onUnlock = () => {
    locked = false
    check()
  }
  powerMonitor.on('suspend', onSuspend)
  powerMonitor.on('resume', onResume)
  powerMonitor.on('lock-screen', onLock)
  powerMonitor.on('unlock-screen', onUnlock)
  const timer = every(check, deps.pollMs ?? 5000)
  check()

  return {
    check,
    dispose() {
      stopEvery(timer)
      powerMonitor.removeListener('suspend', onSuspend)
      powerMonitor.removeListener('resume', onResume)
      powerMonitor.removeListener('lock-screen', onLock)
      powerMonitor.removeListener('unlock-screen', onUnlock)
    },
  }
}
