import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { ManualClock } from '@test/support/manual-clock'
import { AddressPolls, ROUND_SIZE } from './address-polls'
import { RateLimit } from './rate-limit'

const ADDRESSES = Array.from({ length: 20 }, (_, index) => `address-${index}`)

function polls(answer: (address: string) => Promise<void> = async () => {}) {
  const clock = new ManualClock(1_000_000)
  const asked: Array<{ address: string; at: number }> = []
  const rateLimit = new RateLimit(() => clock.now())
  const scheduler = new AddressPolls({
    poll: (address) => {
      asked.push({ address, at: clock.now() })
      return answer(address)
    },
    rateLimit,
    now: () => clock.now(),
    setTimer: (run, ms) => clock.setTimeout(run, ms),
    clearTimer: (handle) => clock.clearTimeout(handle),
  })
  return { clock, asked, rateLimit, scheduler }
}

/** Lets the promise callbacks of polls that just settled run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

async function advance(clock: ManualClock, ms: number, step = 250): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    clock.advance(Math.min(step, ms - done))
    await settle()
  }
}

describe('AddressPolls', () => {
  it('spreads 20 addresses evenly over their interval, each read once per interval', async () => {
    const { clock, asked, scheduler } = polls()
    scheduler.setAddresses(ADDRESSES)
    const interval = scheduler.budget().addressIntervalMs
    expect(interval).toBe(15_000)
    await advance(clock, interval * 4)
    const counts = new Map<string, number>()
    for (const { address } of asked) counts.set(address, (counts.get(address) ?? 0) + 1)
    for (const address of ADDRESSES) expect(counts.get(address)).toBeGreaterThanOrEqual(4)
    // Staggered: never two requests within a tenth of the even spacing.
    const gaps = asked.slice(1).map((item, index) => item.at - (asked[index] as { at: number }).at)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(interval / ADDRESSES.length / 10)
    scheduler.stop()
  })

  it('reads the open address on its faster interval, the others on theirs', async () => {
    const { clock, asked, scheduler } = polls()
    scheduler.setAddresses(ADDRESSES)
    scheduler.setOpenAddress('address-7')
    await advance(clock, 60_000)
    const open = asked.filter((item) => item.address === 'address-7').length
    const other = asked.filter((item) => item.address === 'address-3').length
    expect(open).toBeGreaterThanOrEqual(60_000 / 3_000 - 1)
    expect(other).toBeLessThanOrEqual(60_000 / scheduler.intervalOf('address-3') + 1)
    scheduler.stop()
  })

  it('sends nothing while a 429 asks to wait, then resumes spread out', async () => {
    let refuse = true
    const { clock, asked, scheduler, rateLimit } = polls(async () => {
      if (refuse) {
        refuse = false
        throw new ProofWatchError({ code: 'RATE_LIMITED', status: 429, message: 'Too many requests', retryAfterMs: 45_000 })
      }
    })
    scheduler.setAddresses(ADDRESSES)
    // The first is due one spacing (15 s / 20) after they were added.
    await advance(clock, 800)
    expect(asked).toHaveLength(1)
    const refusedAt = (asked[0] as { at: number }).at
    const blockedUntil = rateLimit.blockedUntil() as number
    expect(blockedUntil).toBeGreaterThanOrEqual(refusedAt + 45_000)
    await advance(clock, 44_000)
    expect(asked).toHaveLength(1)
    await advance(clock, 30_000)
    expect(asked.length).toBeGreaterThan(1)
    expect(Math.min(...asked.slice(1).map((item) => item.at))).toBeGreaterThanOrEqual(blockedUntil)
    // Spread out after the wait, not a burst of everything that fell due meanwhile.
    const firstSecond = asked.filter((item) => item.at >= blockedUntil && item.at < blockedUntil + 1_000)
    expect(firstSecond.length).toBeLessThanOrEqual(2)
    scheduler.stop()
  })

  it('stops while what remains of the window is kept for the user, and follows the advertised limit', async () => {
    const { clock, asked, scheduler, rateLimit } = polls()
    rateLimit.noteHeaders(new Headers({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '90', 'x-ratelimit-reset': '30' }))
    scheduler.setAddresses(ADDRESSES)
    // A fifth of 100 a minute for 20 addresses: each once a minute.
    expect(scheduler.budget().addressIntervalMs).toBe(60_000)
    rateLimit.noteHeaders(new Headers({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '30' }))
    await advance(clock, 29_000)
    expect(asked).toHaveLength(0)
    await advance(clock, 2_000)
    expect(asked.length).toBeGreaterThan(0)
    scheduler.stop()
  })

  describe('while nobody looks', () => {
    const hidden = { visible: false, idle: false }

    /** Requests grouped by the wake-up that sent them (answers come at once, so a round's requests share its instant). */
    function rounds(asked: Array<{ at: number }>): number[] {
      const sizes: number[] = []
      let last = -Infinity
      for (const { at } of asked) {
        if (at !== last) sizes.push(0)
        sizes[sizes.length - 1]! += 1
        last = at
      }
      return sizes
    }

    it('reads 20 addresses in one round an interval, one after another', async () => {
      let inFlight = 0
      let most = 0
      const { clock, asked, scheduler } = polls(async () => {
        most = Math.max(most, ++inFlight)
        await Promise.resolve()
        inFlight--
      })
      scheduler.setActivity(hidden)
      scheduler.setAddresses(ADDRESSES)
      const interval = scheduler.budget().addressIntervalMs
      await advance(clock, interval * 3 + 1_000)
      expect(asked).toHaveLength(ADDRESSES.length * 3)
      expect(rounds(asked)).toEqual([20, 20, 20])
      expect(most).toBe(1)
      scheduler.stop()
    })

    it('gathers addresses spread while the window was shown into rounds once it is hidden', async () => {
      const { clock, asked, scheduler } = polls()
      scheduler.setAddresses(ADDRESSES)
      await advance(clock, 15_000)
      scheduler.setActivity(hidden)
      asked.length = 0
      const interval = scheduler.budget().addressIntervalMs
      await advance(clock, interval * 4)
      // Spread one by one, this would be 20 wake-ups an interval; gathered, a round or two.
      expect(rounds(asked).length).toBeLessThanOrEqual(4 * 2)
      for (const address of ADDRESSES) expect(asked.filter((item) => item.address === address).length).toBeGreaterThanOrEqual(3)
      scheduler.stop()
    })

    it('splits 200 addresses into rounds of at most 20, spread over the interval', async () => {
      const many = Array.from({ length: 200 }, (_, index) => `address-${index}`)
      const { clock, asked, scheduler } = polls()
      scheduler.setActivity(hidden)
      scheduler.setAddresses(many)
      const interval = scheduler.budget().addressIntervalMs
      await advance(clock, interval * 2, 1_000)
      const sizes = rounds(asked)
      expect(Math.max(...sizes)).toBeLessThanOrEqual(ROUND_SIZE)
      expect(sizes.length).toBeGreaterThanOrEqual((200 / ROUND_SIZE) * 2 - 1)
      for (const address of many) expect(asked.some((item) => item.address === address)).toBe(true)
      scheduler.stop()
    })

    it('holds the rest of a round back when a 429 asks to wait', async () => {
      let answered = 0
      const { clock, asked, scheduler, rateLimit } = polls(async () => {
        if (++answered === 3) throw new ProofWatchError({ code: 'RATE_LIMITED', status: 429, message: 'Too many requests', retryAfterMs: 45_000 })
      })
      scheduler.setActivity(hidden)
      scheduler.setAddresses(ADDRESSES)
      const interval = scheduler.budget().addressIntervalMs
      await advance(clock, interval + 1_000)
      expect(asked).toHaveLength(3)
      const blockedUntil = rateLimit.blockedUntil() as number
      await advance(clock, blockedUntil - clock.now() - 1_000)
      expect(asked).toHaveLength(3)
      await advance(clock, 2_000)
      expect(asked.length).toBeGreaterThan(3)
      scheduler.stop()
    })

    it('reads one by one again once the window is shown', async () => {
      const { clock, asked, scheduler } = polls()
      scheduler.setActivity(hidden)
      scheduler.setAddresses(ADDRESSES)
      await advance(clock, scheduler.budget().addressIntervalMs + 1_000)
      scheduler.setActivity({ visible: true, idle: false })
      asked.length = 0
      const interval = scheduler.budget().addressIntervalMs
      await advance(clock, interval * 2)
      expect(Math.max(...rounds(asked))).toBeLessThanOrEqual(2)
      scheduler.stop()
    })
  })
})
