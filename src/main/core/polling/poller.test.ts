import { describe, expect, it } from 'vitest'
import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { Poller, type PollerOptions } from './poller'

/** Timers on a clock the test moves by hand. */
class ManualClock {
  now = 0
  private timers: { at: number; run: () => void; id: number }[] = []
  private nextId = 1

  options(): Pick<PollerOptions, 'now' | 'setTimer' | 'clearTimer'> {
    return {
      now: () => this.now,
      setTimer: (run, ms) => {
        const id = this.nextId++
        this.timers.push({ at: this.now + ms, run, id })
        return id
      },
      clearTimer: (id) => {
        this.timers = this.timers.filter((timer) => timer.id !== id)
      },
    }
  }

  /** Moves time on, firing due timers in order and letting what they started settle. */
  async advance(ms: number): Promise<void> {
    const target = this.now + ms
    for (;;) {
      await settle()
      const due = this.timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.timers = this.timers.filter((timer) => timer !== due)
      this.now = due.at
      due.run()
    }
    this.now = target
    await settle()
  }
}

const settle = async (): Promise<void> => {
  for (let index = 0; index < 10; index++) await Promise.resolve()
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

function setup(options: PollerOptions = {}) {
  const clock = new ManualClock()
  const poller = new Poller({ ...clock.options(), random: () => 0.5, ...options })
  return { clock, poller }
}

describe('Poller', () => {
  it('polls at once, then once per interval', async () => {
    const { clock, poller } = setup()
    const times: number[] = []
    poller.add({ key: 'leaderboard', intervalMs: 1000, run: async () => clock.now, onValue: (t) => times.push(t) })
    await clock.advance(3500)
    expect(times).toEqual([0, 1000, 2000, 3000])
    expect(poller.states()[0]).toMatchObject({ key: 'leaderboard', polls: 4, failures: 0, nextAt: 4000 })
  })

  it('never has two requests in flight for one resource: asking during one joins it', async () => {
    const { clock, poller } = setup()
    const answers: ReturnType<typeof deferred<number>>[] = []
    const values: number[] = []
    poller.add({
      key: 'series',
      intervalMs: 100,
      run: () => {
        const answer = deferred<number>()
        answers.push(answer)
        return answer.promise
      },
      onValue: (value) => values.push(value),
    })
    await clock.advance(1000)
    const joined = poller.pollNow('series')
    expect(answers).toHaveLength(1)
    expect(poller.states()[0]).toMatchObject({ inFlight: true, joined: 1, nextAt: null })
    answers[0]?.resolve(7)
    await joined
    expect(values).toEqual([7])
    // The next poll is an interval after this one ended, not after it began.
    expect(poller.states()[0]?.nextAt).toBe(1100)
  })

  it('waits longer after each failure in a row, and returns to its interval after a success', async () => {
    const { clock, poller } = setup({ maxBackoffMs: 60_000 })
    let failing = true
    const errors: Array<[ErrorInfo, number]> = []
    const pollTimes: number[] = []
    poller.add({
      key: 'overview',
      intervalMs: 1000,
      run: async () => {
        pollTimes.push(clock.now)
        if (failing) throw new ProofWatchError({ code: 'UNREACHABLE', message: 'connection refused', retryable: true })
        return 1
      },
      onValue: () => {},
      onError: (error, failures) => errors.push([error, failures]),
    })
    await clock.advance(6500)
    // Full jitter at 0.5: waits of 1.5, 2 and 3 intervals.
    expect(pollTimes).toEqual([0, 1500, 3500, 6500])
    expect(errors.map(([error, failures]) => [error.code, failures])).toEqual([
      ['UNREACHABLE', 1],
      ['UNREACHABLE', 2],
      ['UNREACHABLE', 3],
      ['UNREACHABLE', 4],
    ])
    failing = false
    await clock.advance(5000)
    // After the fourth failure a wait of 5 intervals; the success brings the interval back.
    expect(pollTimes.slice(4)).toEqual([11_500])
    expect(poller.states()[0]).toMatchObject({ failures: 0, lastError: null })
    expect(poller.states()[0]?.nextAt).toBe(12_500)
  })

  it('polls less while the window is hidden or the system idle, and catches up when shown', async () => {
    const { clock, poller } = setup()
    const times: number[] = []
    poller.add({ key: 'series', intervalMs: 1000, run: async () => clock.now, onValue: (t) => times.push(t) })
    await clock.advance(100)
    poller.setActivity({ visible: false, idle: false })
    await clock.advance(9000)
    expect(times).toEqual([0, 4000, 8000])
    poller.setActivity({ visible: false, idle: true })
    await clock.advance(10_000)
    expect(times).toEqual([0, 4000, 8000, 18_000])
    expect(poller.states()[0]?.effectiveIntervalMs).toBe(10_000)
    await clock.advance(1500)
    // Shown again more than an interval after the last poll: at once.
    poller.setActivity({ visible: true, idle: false })
    await clock.advance(0)
    expect(times).toEqual([0, 4000, 8000, 18_000, 20_600])
  })

  it('polls half as often on battery, visible or hidden', async () => {
    const { clock, poller } = setup()
    poller.add({ key: 'series', intervalMs: 1000, run: async () => clock.now, onValue: () => {} })
    poller.setActivity({ visible: true, idle: false, onBattery: true })
    expect(poller.states()[0]?.effectiveIntervalMs).toBe(2000)
    poller.setActivity({ visible: false, idle: false, onBattery: true })
    expect(poller.states()[0]?.effectiveIntervalMs).toBe(8000)
    poller.setActivity({ visible: false, idle: false, onBattery: false })
    expect(poller.states()[0]?.effectiveIntervalMs).toBe(4000)
    await clock.advance(0)
  })

  it('polls an occasional resource only while it is active', async () => {
    const { clock, poller } = setup()
    let socketDown = false
    const times: number[] = []
    poller.add({
      key: 'overview',
      intervalMs: 1000,
      active: () => socketDown,
      run: async () => clock.now,
      onValue: (t) => times.push(t),
    })
    await clock.advance(5000)
    expect(times).toEqual([])
    socketDown = true
    poller.refresh('overview')
    await clock.advance(2500)
    expect(times).toEqual([5000, 6000, 7000])
    socketDown = false
    await clock.advance(5000)
    expect(times).toEqual([5000, 6000, 7000])
    expect(poller.states()[0]).toMatchObject({ active: false, nextAt: null })
  })

  it('stops polling a removed resource, and everything once stopped', async () => {
    const { clock, poller } = setup()
    const seen: string[] = []
    poller.add({ key: 'a', intervalMs: 1000, run: async () => 'a', onValue: (v) => seen.push(v) })
    const b = poller.add({ key: 'b', intervalMs: 1000, run: async () => 'b', onValue: (v) => seen.push(v) })
    await clock.advance(10)
    b.remove()
    await clock.advance(2000)
    expect(seen).toEqual(['a', 'b', 'a', 'a'])
    poller.stop()
    await clock.advance(5000)
    expect(seen).toHaveLength(4)
    expect(poller.has('a')).toBe(false)
  })
})
