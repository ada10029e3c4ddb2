import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import type { DisplayName, PublicProfile } from '@shared/profiles'
import { ManualClock } from '@test/support/manual-clock'
import { encodeBase58 } from '../../demo/base58'
import {
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MAX_AGE_MS,
  DISPLAY_NAME_PAUSE_MS,
  DISPLAY_NAME_READS_AT_ONCE,
  DISPLAY_NAME_READS_PER_MINUTE,
  DISPLAY_NAME_WAITING_MAX,
  DISPLAY_NAMES_KEPT,
  DisplayNames,
} from './display-names'

const PUBKEY = 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu'
const key = (n: number) => encodeBase58(new Uint8Array(32).fill(n))

/** Metadata kept as the cache keeps it: JSON merged with json_patch (nested objects merged, a null deletes its key). */
function memoryMetadata() {
  let metadata: Record<string, unknown> = {}
  const merge = (into: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...into }
    for (const [name, value] of Object.entries(patch)) {
      const held = out[name]
      if (value === null) delete out[name]
      else out[name] = typeof value === 'object' ? merge(typeof held === 'object' && held !== null ? (held as Record<string, unknown>) : {}, value as Record<string, unknown>) : value
    }
    return out
  }
  return {
    metadata: () => JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>,
    updateMetadata: (patch: Record<string, unknown>) => void (metadata = merge(metadata, patch)),
  }
}

const settled = () => new Promise((resolve) => setImmediate(resolve))

function setup() {
  const clock = new ManualClock(1_000_000)
  let answer: (pubkey: string) => Promise<PublicProfile> = async (pubkey) => ({ pubkey, displayName: 'ref_tester', joinedAt: null, proofCount: '93' })
  const asked: string[] = []
  const pushed: DisplayName[] = []
  const history = memoryMetadata()
  const make = () =>
    new DisplayNames({
      client: {
        publicProfile: (pubkey) => {
          asked.push(pubkey)
          return answer(pubkey)
        },
      },
      history,
      onRead: (names) => pushed.push(...names),
      clock,
    })
  return { names: make(), make, clock, asked, pushed, history, answer: (next: (pubkey: string) => Promise<PublicProfile>) => (answer = next) }
}

const named = (displayName: string | null) => async (pubkey: string) => ({ pubkey, displayName, joinedAt: null, proofCount: null })
const failing = (error: ProofWatchError) => () => Promise.reject(error)
const NOT_FOUND = new ProofWatchError({ code: 'NOT_FOUND', message: 'User not found', status: 404 })
const OFFLINE = new ProofWatchError({ code: 'UNREACHABLE', message: 'connection refused', retryable: true })

describe('public display names', () => {
  it('reads an address at most once a day, answering what it holds at once and pushing what it reads', async () => {
    const { names, clock, asked, pushed } = setup()
    expect(names.ask([PUBKEY])).toEqual([{ pubkey: PUBKEY, displayName: null, readAt: null }])
    await settled()
    expect(pushed).toEqual([{ pubkey: PUBKEY, displayName: 'ref_tester', readAt: 1_000_000 }])
    clock.advance(DISPLAY_NAME_MAX_AGE_MS - 1)
    expect(names.ask([PUBKEY])).toEqual([{ pubkey: PUBKEY, displayName: 'ref_tester', readAt: 1_000_000 }])
    await settled()
    expect(asked).toHaveLength(1)
    clock.advance(1)
    expect(names.ask([PUBKEY])[0]?.displayName).toBe('ref_tester')
    await settled()
    expect(asked).toHaveLength(2)
    expect(pushed).toHaveLength(2)
  })

  it('keeps what it read in the cache’s metadata, for the next start and for notification texts', async () => {
    const { names, make, asked } = setup()
    names.ask([PUBKEY])
    await settled()
    const next = make()
    expect(next.ask([PUBKEY])[0]?.displayName).toBe('ref_tester')
    expect(next.nameOf(PUBKEY)).toBe('ref_tester')
    await settled()
    expect(asked).toHaveLength(1)
  })

  it('reads an address once for asks made while it is read', async () => {
    const { names, asked } = setup()
    names.ask([PUBKEY, PUBKEY])
    names.ask([PUBKEY])
    await settled()
    names.ask([PUBKEY])
    expect(asked).toEqual([PUBKEY])
  })

  it('reads at most its budget a minute, the newest ask first, and drops the oldest asks past the waiting cap', async () => {
    const { names, clock, asked } = setup()
    const many = Array.from({ length: DISPLAY_NAME_WAITING_MAX + 50 }, (_, n) => key(n + 1))
    names.ask(many)
    await settled()
    expect(asked).toHaveLength(DISPLAY_NAME_READS_PER_MINUTE)
    expect(asked[0]).toBe(many.at(-1))
    clock.advance(59_999)
    await settled()
    expect(asked).toHaveLength(DISPLAY_NAME_READS_PER_MINUTE)
    clock.advance(1)
    await settled()
    expect(asked).toHaveLength(2 * DISPLAY_NAME_READS_PER_MINUTE)
    for (let minute = 0; minute < 10; minute++) {
      clock.advance(60_000)
      await settled()
    }
    // The 200 asked last are read, a minute's budget at a time; the 50 asked first never.
    expect(asked).toHaveLength(DISPLAY_NAME_WAITING_MAX)
    expect(asked).not.toContain(many[49])
    expect(asked).toContain(many[50])
  })

  it('keeps "no such user" (404) for a day as no name', async () => {
    const { names, clock, asked, pushed, answer } = setup()
    answer(failing(NOT_FOUND))
    names.ask([PUBKEY])
    await settled()
    expect(pushed).toEqual([{ pubkey: PUBKEY, displayName: null, readAt: 1_000_000 }])
    clock.advance(DISPLAY_NAME_MAX_AGE_MS - 1)
    expect(names.ask([PUBKEY])).toEqual([{ pubkey: PUBKEY, displayName: null, readAt: 1_000_000 }])
    await settled()
    expect(asked).toHaveLength(1)
  })

  it('offline, answers the last name and reads nothing more for a while: one failed read, not a storm', async () => {
    const { names, clock, asked, pushed, answer } = setup()
    names.ask([PUBKEY])
    await settled()
    clock.advance(DISPLAY_NAME_MAX_AGE_MS)
    answer(failing(OFFLINE))
    expect(names.ask([PUBKEY, key(1), key(2), key(3)])[0]).toEqual({ pubkey: PUBKEY, displayName: 'ref_tester', readAt: 1_000_000 })
    await settled()
    const failedReads = asked.length - 1
    expect(failedReads).toBeGreaterThanOrEqual(1)
    expect(failedReads).toBeLessThanOrEqual(DISPLAY_NAME_READS_AT_ONCE)
    names.ask([key(4), key(5)])
    clock.advance(DISPLAY_NAME_PAUSE_MS - 1)
    await settled()
    expect(asked).toHaveLength(1 + failedReads)
    answer(named('back'))
    clock.advance(1)
    await settled()
    for (const pubkey of [PUBKEY, key(1), key(2), key(3), key(4), key(5)]) expect(pushed.find((name) => name.pubkey === pubkey)?.displayName ?? 'none').not.toBe('none')
    expect(names.nameOf(key(5))).toBe('back')
  })

  it('shows a hostile name as plain, short text: no controls, bidi or zero-width characters, cut, HTML as text', async () => {
    const { names, pushed, answer } = setup()
    const hostile: Record<string, string> = {
      [key(1)]: 'x'.repeat(10_000),
      [key(2)]: 'evil\u0000\u0007\u001b[31mname\n\tsecond',
      [key(3)]: '\u202Egnp.exe\u200B\u2066',
      [key(4)]: '<img src=x onerror=alert(1)>',
      [key(5)]: '\u200B\u202E \u0000',
    }
    answer(async (pubkey) => ({ pubkey, displayName: hostile[pubkey] ?? null, joinedAt: null, proofCount: null }))
    names.ask(Object.keys(hostile))
    await settled()
    const nameOf = (n: number) => pushed.find((name) => name.pubkey === key(n))?.displayName
    expect(nameOf(1)).toBe(`${'x'.repeat(DISPLAY_NAME_MAX - 1)}…`)
    expect(nameOf(2)).toBe('evil [31mname second')
    expect(nameOf(3)).toBe('gnp.exe')
    expect(nameOf(4)).toBe('<img src=x onerror=alert(1)>')
    expect(nameOf(5)).toBeNull()
  })

  it('refuses what is not an address before reading anything', async () => {
    const { names, asked } = setup()
    expect(() => names.ask([PUBKEY, 'not an address'])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    await settled()
    expect(asked).toEqual([])
  })

  it('reads a few at a time: the next starts when one ends', async () => {
    const { names, asked, answer } = setup()
    const ends: Array<() => void> = []
    answer((pubkey) => new Promise((resolve) => ends.push(() => resolve({ pubkey, displayName: null, joinedAt: null, proofCount: null }))))
    names.ask([key(1), key(2), key(3), key(4)])
    await settled()
    expect(asked).toHaveLength(DISPLAY_NAME_READS_AT_ONCE)
    ends.shift()!()
    await settled()
    expect(asked).toHaveLength(DISPLAY_NAME_READS_AT_ONCE + 1)
  })

  it('reads nothing more once stopped', async () => {
    const { names, clock, asked, answer } = setup()
    answer(() => new Promise(() => {}))
    names.ask(Array.from({ length: DISPLAY_NAME_READS_PER_MINUTE + 5 }, (_, n) => key(n + 1)))
    names.stop()
    expect(clock.pending).toBe(0)
    clock.advance(60_000)
    await settled()
    expect(asked).toHaveLength(DISPLAY_NAME_READS_AT_ONCE)
  })

  it('keeps at most DISPLAY_NAMES_KEPT names in the cache, the longest-read going first, and reads the cache again once it is cleared', async () => {
    const { make, history } = setup()
    const many = (n: number) => encodeBase58(Uint8Array.from({ length: 32 }, (_, byte) => (byte === 0 ? 1 + (n % 200) : byte === 1 ? 1 + Math.floor(n / 200) : 9)))
    const stored: Record<string, unknown> = {}
    // Stored in no particular order: the oldest read is the one with the smallest readAt, not the first key.
    for (let n = 0; n < DISPLAY_NAMES_KEPT; n++) stored[many(n)] = { name: `name ${n}`, readAt: n === 7 ? 1 : 500 + n }
    history.updateMetadata({ displayNames: stored })
    const names = make()
    names.ask([PUBKEY])
    await settled()
    const held = history.metadata().displayNames as Record<string, unknown>
    expect(Object.keys(held)).toHaveLength(DISPLAY_NAMES_KEPT)
    expect(held[many(7)]).toBeUndefined()
    expect(held[PUBKEY]).toMatchObject({ name: 'ref_tester' })
    expect(names.nameOf(many(8))).toBe('name 8')
    history.updateMetadata({ displayNames: null })
    expect(names.nameOf(many(8))).toBe('name 8')
    names.forget()
    expect(names.nameOf(many(8))).toBeNull()
  })
})
