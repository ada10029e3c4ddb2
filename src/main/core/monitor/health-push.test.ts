import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionState } from '@shared/domain'
import { AWAY_HEALTH_PUSH_MS, HealthPush } from './health-push'

function stateWith(events: number): ConnectionState {
  return { socket: { lastEventAt: events, latencyMs: null }, counters: { events }, details: null, following: [] } as unknown as ConnectionState
}

function setup() {
  let events = 0
  const built: number[] = []
  const pushed: number[] = []
  const push = new HealthPush(
    () => {
      built.push(events)
      return stateWith(events)
    },
    (state) => pushed.push((state.counters as unknown as { events: number }).events),
  )
  return { push, built, pushed, move: () => (events++, push.moved()) }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('HealthPush', () => {
  it('pushes a second after the first move, once for many moves', () => {
    const { push, pushed, move } = setup()
    move()
    move()
    move()
    vi.advanceTimersByTime(999)
    expect(pushed).toEqual([])
    vi.advanceTimersByTime(1)
    expect(pushed).toEqual([3])
    push.stop()
  })

  it('while no one sees a window, gathers moves for longer and builds the state once for them', () => {
    const { push, built, pushed, move } = setup()
    push.setShown(false)
    for (let second = 0; second < 14; second++) {
      move()
      vi.advanceTimersByTime(1_000)
    }
    expect(built).toEqual([])
    vi.advanceTimersByTime(AWAY_HEALTH_PUSH_MS)
    expect(built).toEqual([14])
    expect(pushed).toEqual([14])
    push.stop()
  })

  it('pushes what waited at once when a window is shown again', () => {
    const { push, pushed, move } = setup()
    push.setShown(false)
    move()
    vi.advanceTimersByTime(2_000)
    expect(pushed).toEqual([])
    push.setShown(true)
    expect(pushed).toEqual([1])
    move()
    vi.advanceTimersByTime(1_000)
    expect(pushed).toEqual([1, 2])
    push.stop()
  })

  it('pushes nothing when nothing shown changed', () => {
    const { push, pushed } = setup()
    push.pushed(stateWith(0))
    push.moved()
    vi.advanceTimersByTime(1_000)
    expect(pushed).toEqual([])
  })
})
