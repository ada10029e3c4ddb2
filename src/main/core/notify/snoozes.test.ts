import { describe, expect, it } from 'vitest'
import type { Snooze } from '@shared/snooze'
import bs58 from 'bs58'
import { MAX_SNOOZES, snoozeEnd } from '@shared/snooze'
import { ManualClock } from '@test/support/manual-clock'
import type { NotifyCandidate } from './candidates'
import { Snoozes } from './snoozes'

const A = 'AddrAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1'
const B = 'AddrBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB2'
const HOUR = 3_600_000

function candidate(fields: Partial<NotifyCandidate>): NotifyCandidate {
  return { key: 'k', source: 'addresses', title: 't', body: 'b', route: '/', address: null, circuitId: null, failed: false, at: 0, ...fields }
}

function setup(stored: unknown = undefined, start = Date.UTC(2026, 10, 27, 12, 0)) {
  const clock = new ManualClock(start)
  const file = { saved: stored, writes: 0 }
  const changes: Snooze[][] = []
  const make = () =>
    new Snoozes({
      clock,
      store: { read: () => structuredClone(file.saved), write: (list) => ((file.saved = structuredClone(list)), file.writes++) },
      onChange: (list) => changes.push(list),
    })
  return { clock, file, changes, snoozes: make(), reopen: make }
}

describe('Snoozes', () => {
  it('keeps a snoozed address quiet for an hour, then ends it by itself and says so', () => {
    const { clock, snoozes, changes, file } = setup()
    snoozes.snooze({ target: { kind: 'address', id: A }, duration: '1h' })
    expect(snoozes.covers(candidate({ address: A }))).toBe(true)
    expect(snoozes.covers(candidate({ address: B }))).toBe(false)
    clock.advance(HOUR - 1)
    expect(snoozes.covers(candidate({ address: A }))).toBe(true)
    clock.advance(1)
    expect(snoozes.covers(candidate({ address: A }))).toBe(false)
    expect(snoozes.list()).toEqual([])
    expect(changes.at(-1)).toEqual([])
    expect(file.saved).toEqual([])
    expect(clock.pending).toBe(0)
  })

  it('covers a source (a rule) and a notice kind', () => {
    const { snoozes } = setup()
    snoozes.snooze({ target: { kind: 'source', id: 'circuits' }, duration: '8h' })
    expect(snoozes.covers(candidate({ source: 'circuits', circuitId: 'c1' }))).toBe(true)
    expect(snoozes.covers(candidate({ source: 'notifications' }))).toBe(false)
    snoozes.snooze({ target: { kind: 'notice', id: 'alerts' }, duration: 'forever' })
    // A failed transaction is an alert whatever its address; a routine one is not.
    expect(snoozes.covers(candidate({ address: B, failed: true }))).toBe(true)
    expect(snoozes.covers(candidate({ address: B, failed: false }))).toBe(false)
  })

  it('ends a snooze on request, and a second snooze of one target replaces the first', () => {
    const { clock, snoozes } = setup()
    snoozes.snooze({ target: { kind: 'address', id: A }, duration: '1h' })
    snoozes.snooze({ target: { kind: 'address', id: A }, duration: '8h' })
    expect(snoozes.list()).toEqual([{ target: { kind: 'address', id: A }, until: clock.now() + 8 * HOUR }])
    expect(snoozes.end({ kind: 'address', id: A })).toEqual([])
    expect(snoozes.covers(candidate({ address: A }))).toBe(false)
    // Ending again (the timer came first) is no error.
    expect(snoozes.end({ kind: 'address', id: A })).toEqual([])
  })

  it('lasts across a restart, and drops at load what ran out while closed', () => {
    const { clock, snoozes, reopen, file } = setup()
    snoozes.snooze({ target: { kind: 'address', id: A }, duration: '1h' })
    snoozes.snooze({ target: { kind: 'source', id: 'health' }, duration: 'forever' })
    snoozes.dispose()
    clock.time += 30 * 60_000
    expect(reopen().list()).toHaveLength(2)
    clock.time += HOUR
    const writesBefore = file.writes
    const later = reopen()
    expect(later.list()).toEqual([{ target: { kind: 'source', id: 'health' }, until: null }])
    expect(file.saved).toEqual(later.list())
    expect(file.writes).toBe(writesBefore + 1)
  })

  it('drops what a hand-edited file holds that is no snooze, and waits safely on a far end', () => {
    const far = 8e15
    const { snoozes, clock } = setup([
      { target: { kind: 'address', id: 'not an address' }, until: null },
      { target: { kind: 'planet', id: 'mars' }, until: null },
      { target: { kind: 'source', id: 'addresses' }, until: 'soon' },
      null,
      { target: { kind: 'notice', id: 'other' }, until: far },
    ])
    expect(snoozes.list()).toEqual([{ target: { kind: 'notice', id: 'other' }, until: far }])
    // No timer loop: one timer, and a day later the snooze is still there.
    clock.advance(24 * HOUR)
    expect(clock.pending).toBe(1)
    expect(snoozes.list()).toHaveLength(1)
  })

  it('refuses bad durations and unknown targets with clear errors', () => {
    const { snoozes, file } = setup()
    const bad = (input: unknown) => () => snoozes.snooze(input as never)
    expect(bad({ target: { kind: 'address', id: A }, duration: '2h' })).toThrow('A snooze lasts 1h, 8h, tomorrow, forever; not "2h"')
    expect(bad({ target: { kind: 'address', id: 'O0l'.repeat(14) }, duration: '1h' })).toThrow('not an address')
    expect(bad({ target: { kind: 'source', id: 'everything' }, duration: '1h' })).toThrow('Cannot snooze the rule "everything"')
    expect(bad({ target: { kind: 'notice', id: 'toString' }, duration: '1h' })).toThrow('Cannot snooze the kind "toString"')
    expect(bad({ target: { kind: '__proto__', id: A }, duration: '1h' })).toThrow('snooze an address, a source or a notice kind')
    expect(bad(null)).toThrow('A snooze needs a target and a duration')
    expect(() => snoozes.end({ kind: 'source', id: 'nope' } as never)).toThrow('Cannot snooze the rule "nope"')
    expect(file.writes).toBe(0)
  })

  it('holds at most MAX_SNOOZES in force, from a client and from the file, and a snooze of one already held still moves its end', () => {
    const { snoozes, clock, reopen } = setup()
    const addresses = Array.from({ length: MAX_SNOOZES }, (_, index) => bs58.encode(Uint8Array.from({ length: 32 }, (_, byte) => (byte === 0 ? 1 + (index % 250) : byte === 1 ? Math.floor(index / 250) + 1 : 7))))
    for (const id of addresses) snoozes.snooze({ target: { kind: 'address', id }, duration: '1h' })
    expect(() => snoozes.snooze({ target: { kind: 'source', id: 'health' }, duration: '1h' })).toThrow(`At most ${MAX_SNOOZES} snoozes can be in force; end one first`)
    expect(snoozes.list()).toHaveLength(MAX_SNOOZES)
    snoozes.snooze({ target: { kind: 'address', id: addresses[0]! }, duration: 'forever' })
    expect(snoozes.list().find((s) => s.target.id === addresses[0])?.until).toBeNull()
    clock.advance(1)
    expect(reopen().list()).toHaveLength(MAX_SNOOZES)
  })
})

describe('snoozeEnd', () => {
  it('ends "tomorrow" at the next local 08:00', () => {
    const evening = new Date(2026, 10, 27, 18, 40).getTime()
    expect(new Date(snoozeEnd('tomorrow', evening)!)).toEqual(new Date(2026, 10, 28, 8, 0))
    const night = new Date(2026, 10, 28, 2, 15).getTime()
    expect(new Date(snoozeEnd('tomorrow', night)!)).toEqual(new Date(2026, 10, 28, 8, 0))
    const eight = new Date(2026, 10, 28, 8, 0).getTime()
    expect(new Date(snoozeEnd('tomorrow', eight)!)).toEqual(new Date(2026, 10, 29, 8, 0))
    expect(snoozeEnd('forever', evening)).toBeNull()
  })
})
