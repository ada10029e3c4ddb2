import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { ManualClock } from '@test/support/manual-clock'
import { AddressPolls } from './address-polls'
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
})
