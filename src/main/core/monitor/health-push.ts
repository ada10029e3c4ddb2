/**
 * The connection state's counters and last event move with every event,
 * without a state change: they are pushed once, a second after the first
 * move, so a flood costs one push a second and an idle core sets no timer.
 * While no window is shown, moves are gathered for longer: each push builds
 * the whole connection state, and in the tray a poll of a watched address
 * moves it every few seconds with nobody looking.
 */
import type { ConnectionState } from '@shared/domain'
import { healthFingerprint } from './connection-projection'

/** Counters and the last event are pushed at most this often while events flow; nothing wakes while idle. */
const HEALTH_PUSH_MS = 1_000
/** The same while the window is hidden or the user away; shown again, what moved is pushed at once. */
export const AWAY_HEALTH_PUSH_MS = 15_000

export class HealthPush {
  private timer: ReturnType<typeof setTimeout> | null = null
  private last = ''
  private delayMs = HEALTH_PUSH_MS

  constructor(
    private readonly state: () => ConnectionState,
    private readonly push: (state: ConnectionState) => void,
  ) {}

  /** A state pushed by other means: what a later move is compared with. */
  pushed(state: ConnectionState): void {
    this.last = healthFingerprint(state)
  }

  /** A window is shown to someone (visible, user not away): moves are pushed within a second again, and what waited is pushed now. */
  setShown(shown: boolean): void {
    const delayMs = shown ? HEALTH_PUSH_MS : AWAY_HEALTH_PUSH_MS
    if (delayMs === this.delayMs) return
    this.delayMs = delayMs
    if (shown && this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      this.flush()
    }
  }

  /** The counters moved: pushed within a second (hidden: within AWAY_HEALTH_PUSH_MS) unless nothing shown changed by then. */
  moved(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.flush()
    }, this.delayMs)
    this.timer.unref?.()
  }

  private flush(): void {
    const state = this.state()
    const fingerprint = healthFingerprint(state)
    if (fingerprint === this.last) return
    this.last = fingerprint
    this.push(state)
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
