import { describe, expect, it } from 'vitest'
import { ManualClock } from '@test/support/manual-clock'
import { PUSH_MEMORY_MAX_AGE_MS, PushWatch, createPushMemory, type PushKind, type PushMemory, type PushVerdict } from './push-watch'

function watch(options: { memory?: PushMemory; listening?: () => boolean; indexer?: string } = {}) {
  const clock = new ComparableClock(1_000_000)
  const verdicts: Array<[PushKind, PushVerdict]> = []
  const memory = options.memory ?? createPushMemory()
  const push = new PushWatch({
    memory,
    indexer: options.indexer ?? 'http://indexer.test',
    graceMs: 5_000,
    now: () => clock.now(),
    setTimer: (run, ms) => clock.setTimeout(run, ms),
    clearTimer: (handle) => clock.clearTimeout(handle),
    listening: options.listening ?? (() => true),
    onVerdict: (kind, verdict) => verdicts.push([kind, verdict]),
  })
  return { clock, verdicts, push, memory }
}

class ComparableClock extends ManualClock {}

describe('PushWatch', () => {
  it('marks a kind not pushed when HTTP shows items the socket does not bring within the grace period', () => {
    const { clock, push, verdicts } = watch()
    expect(push.verdict('address')).toBe('unknown')
    push.found('address', ['sig-1', 'sig-2'])
    clock.advance(4_999)
    expect(push.verdict('address')).toBe('unknown')
    clock.advance(1)
    expect(push.verdict('address')).toBe('not-pushed')
    expect(verdicts).toEqual([['address', 'not-pushed']])
  })

  it('marks it pushed when the socket brings one of them within the grace period, before or after the read', () => {
    const { clock, push } = watch()
    push.found('proofs', ['p-1'])
    clock.advance(2_000)
    push.pushed('proofs', 'p-1')
    clock.advance(10_000)
    expect(push.verdict('proofs')).toBe('pushed')

    const other = watch()
    other.push.pushed('user-proofs', 'u-1')
    other.push.found('user-proofs', ['u-1'])
    other.clock.advance(10_000)
    expect(other.push.verdict('user-proofs')).toBe('pushed')
  })

  it('notices a channel that starts pushing after it was marked silent', () => {
    const { clock, push, verdicts } = watch()
    push.found('address', ['sig-1'])
    clock.advance(5_000)
    expect(push.verdict('address')).toBe('not-pushed')
    push.pushed('address', 'sig-9')
    expect(push.verdict('address')).toBe('pushed')
    expect(verdicts).toEqual([
      ['address', 'not-pushed'],
      ['address', 'pushed'],
    ])
  })

  it('draws no conclusion while the socket could not have brought anything', () => {
    let listening = true
    const { clock, push } = watch({ listening: () => listening })
    push.found('address', ['sig-1'])
    listening = false
    clock.advance(5_000)
    expect(push.verdict('address')).toBe('unknown')
    push.found('address', ['sig-2'])
    clock.advance(5_000)
    expect(push.verdict('address')).toBe('unknown')
  })

  it('remembers the verdict per indexer, and a day-old one is due for a fresh check', () => {
    const memory = createPushMemory()
    const first = watch({ memory, indexer: 'http://a.test' })
    first.push.found('address', ['sig-1'])
    first.clock.advance(5_000)
    first.push.pushed('stats', null)

    const again = watch({ memory, indexer: 'http://a.test' })
    expect(again.push.verdict('address')).toBe('not-pushed')
    expect(again.push.verdict('stats')).toBe('pushed')
    expect(again.push.stale('address')).toBe(false)
    again.clock.advance(PUSH_MEMORY_MAX_AGE_MS + 10_000)
    expect(again.push.stale('address')).toBe(true)

    const elsewhere = watch({ memory, indexer: 'http://b.test' })
    expect(elsewhere.push.verdict('address')).toBe('unknown')
  })
})
