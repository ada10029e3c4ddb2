/**
 * The connection state's counters and last event move with every event,
 * without a state change: they are pushed once, a second after the first
 * move, so a flood costs one push a second and an idle core sets no timer.
 */
import type { ConnectionState } from '@shared/domain'
import { healthFingerprint } from './connection-projection'

/** Counters and the last event are pushed at most this often while events flow; nothing wakes while idle. */
const HEALTH_PUSH_MS = 1_000

export class HealthPush {
  private timer: ReturnType<typeof setTimeout> | null = null
  private last = ''

  constructor(
    private readonly state: () => ConnectionState,
    private readonly push: (state: ConnectionState) => void,
  ) {}

  /** A state pushed by other means: what a later move is compared with. */
  pushed(state: ConnectionState): void {
    this.last = healthFingerprint(state)
  }

  /** The counters moved: pushed within a second unless nothing shown changed by then. */
  moved(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      const state = this.state()
      const fingerprint = healthFingerprint(state)
      if (fingerprint === this.last) return
      this.last = fingerprint
      this.push(state)
    }, HEALTH_PUSH_MS)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
