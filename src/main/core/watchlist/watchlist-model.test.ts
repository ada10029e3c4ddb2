import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AddressTransaction, ErrorInfo, Transaction } from '@shared/domain'
import { WATCHLIST_LIMITS } from '@shared/watchlist'
import { thrown } from '@test/support/caught'
import { validateCircuitId, validateLabel, validateWatchedPubkey } from './validate'
import { WatchlistModel, type WatchlistChange } from './watchlist-model'
import { memoryWatchlistStorage, type WatchlistStorage } from './watchlist-storage'

const A = '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR'
const B = '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr'

function tx(signature: string, blockTime: number | null): Transaction {
  return {
    signature,
    slot: '1',
    blockTime,
    fee: '5000',
    feePayer: A,
    status: 'SUCCESS',
    computeUnits: '1',
    programIds: [],
    raw: {},
    extra: {},
  }
}

const at = (address: string, signature: string, blockTime: number | null = null): AddressTransaction => ({
  address,
  transaction: tx(signature, blockTime),
})

afterEach(() => {
  vi.useRealTimers()
})

describe('watchlist input checks', () => {
  it('accepts base58 keys of 32 to 44 characters and says what is wrong otherwise', () => {
    expect(validateWatchedPubkey(`  ${A} `)).toBe(A)
    expect(validateWatchedPubkey('1'.repeat(32))).toBe('1'.repeat(32))
    const short = thrown(() => validateWatchedPubkey('abc'))
    expect(short.code).toBe('INVALID_ARGUMENT')
    expect(short.message).toBe('An address to watch is 32–44 base58 characters; got "abc" (3 characters)')
    expect(thrown(() => validateWatchedPubkey('1'.repeat(45))).message).toContain('(45 characters)')
    expect(thrown(() => validateWatchedPubkey('0'.repeat(40))).message).toContain('no 0, O, I or l')
    expect(thrown(() => validateWatchedPubkey(42)).message).toBe('An address to watch must be text, got number')
  })

  it('checks labels and circuit ids', () => {
    expect(validateLabel('  savings ')).toBe('savings')
    expect(validateLabel('   ')).toBeNull()
    expect(validateLabel(undefined)).toBeNull()
    expect(thrown(() => validateLabel('x'.repeat(WATCHLIST_LIMITS.labelLength + 1))).message).toMatch(/at most 64/)
    expect(thrown(() => validateLabel('a\nb')).message).toMatch(/control characters/)
    expect(validateCircuitId(3)).toBe('3')
    expect(thrown(() => validateCircuitId('a b')).message).toMatch(/no spaces/)
    expect(thrown(() => validateCircuitId('')).code).toBe('INVALID_ARGUMENT')
  })
})

describe('WatchlistModel', () => {
  it('adds, labels and removes addresses and circuits, and keeps them across restarts', () => {
    const store = memoryWatchlistStorage()
    let now = 1000
    const model = new WatchlistModel({ store, now: () => now })
    model.watchAddress({ pubkey: A, label: 'cold wallet' })
    now = 2000
    model.watchAddress({ pubkey: B, notify: false })
    model.followCircuit({ circuitId: '3', label: 'age' })
    model.watchAddress({ pubkey: A, label: 'hot wallet' })

    const again = new WatchlistModel({ store })
    expect(again.snapshot()).toEqual({
      addresses: [
        { pubkey: A, label: 'hot wallet', notify: true, addedAt: 1000, lastActivityAt: null, lastSignature: null },
        { pubkey: B, label: null, notify: false, addedAt: 2000, lastActivityAt: null, lastSignature: null },
      ],
      circuits: [
        {
          circuitId: '3',
          label: 'age',
          notify: true,
          addedAt: 2000,
          mode: 'live',
          modeReason: null,
          lastActivityAt: null,
          lastProofAccount: null,
        },
      ],
    })

    again.unwatchAddress(A)
    again.unfollowCircuit('3')
    expect(new WatchlistModel({ store }).snapshot()).toMatchObject({ addresses: [{ pubkey: B }], circuits: [] })
    expect(thrown(() => again.unwatchAddress(A)).code).toBe('NOT_FOUND')
  })

  it('refuses bad input with a clear message and changes nothing', () => {
    const store = memoryWatchlistStorage()
    const model = new WatchlistModel({ store })
    const error = thrown(() => model.watchAddress({ pubkey: 'not-an-address' }))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toMatch(/An address to watch is 32–44 base58 characters/)
    expect(model.snapshot().addresses).toEqual([])
    expect(store.writes).toBe(0)
  })

  it('tells listeners what changed', () => {
    const model = new WatchlistModel({ store: memoryWatchlistStorage() })
    const changes: WatchlistChange[] = []
    model.onChange((_list, change) => changes.push(change))
    model.watchAddress({ pubkey: A })
    model.followCircuit({ circuitId: '5' })
    model.setCircuitMode('5', 'polled', 'Channel not allowed: proofs:circuit:5')
    model.unwatchAddress(A)
    expect(changes).toEqual([
      { kind: 'address-added', pubkey: A },
      { kind: 'circuit-added', circuitId: '5' },
      { kind: 'circuit-mode', circuitId: '5', mode: 'polled' },
      { kind: 'address-removed', pubkey: A },
    ])
    expect(model.snapshot().circuits[0]).toMatchObject({ mode: 'polled', modeReason: 'Channel not allowed: proofs:circuit:5' })
  })

  it('keeps the last activity of each address and names what has entries of its own', () => {
    const model = new WatchlistModel({ store: memoryWatchlistStorage(), now: () => 50 })
    model.watchAddress({ pubkey: A })
    model.noteAddressTransactions([at(A, 'old1', 10), at(A, 'old2', 20)])
    expect(model.snapshot().addresses[0]).toMatchObject({ lastActivityAt: 20, lastSignature: 'old2' })
    model.noteAddressTransactions([at(A, 'new1', 30), at(B, 'other', 40), at(A, 'late-known', 25)])
    expect(model.snapshot().addresses[0]).toMatchObject({ lastActivityAt: 30, lastSignature: 'new1' })
    model.noteAddressTransactions([at(A, 'no-time')])
    expect(model.snapshot().addresses[0]).toMatchObject({ lastActivityAt: 50, lastSignature: 'no-time' })
    expect(model.requireFollowed({ kind: 'address', id: A })).toEqual({ kind: 'address', id: A })
    expect(thrown(() => model.requireFollowed({ kind: 'address', id: B })).code).toBe('NOT_FOUND')
    expect(thrown(() => model.requireFollowed({ kind: 'proof', id: A })).code).toBe('INVALID_ARGUMENT')
  })

  it('saves activity once for many events, a little later', () => {
    vi.useFakeTimers()
    const store = memoryWatchlistStorage()
    const model = new WatchlistModel({ store, activitySaveDelayMs: 1000 })
    model.watchAddress({ pubkey: A })
    const writes = store.writes
    for (let index = 0; index < 50; index++) model.noteAddressTransactions([at(A, `s${index}`, index)])
    expect(store.writes).toBe(writes)
    vi.advanceTimersByTime(1000)
    expect(store.writes).toBe(writes + 1)
    expect(new WatchlistModel({ store }).snapshot().addresses[0]?.lastSignature).toBe('s49')
  })

  it('undoes a change the store cannot save, and says so', () => {
    let failing = false
    const inner = memoryWatchlistStorage()
    const store: WatchlistStorage = {
      read: () => inner.read(),
      write: (list) => {
        if (failing) throw new Error('ENOSPC: no space left on device')
        inner.write(list)
      },
    }
    const problems: ErrorInfo[] = []
    const model = new WatchlistModel({ store, onProblem: (p) => problems.push(p) })
    model.watchAddress({ pubkey: A })
    failing = true
    const error = thrown(() => model.watchAddress({ pubkey: B }))
    expect(error.message).toBe('The watchlist could not be saved, so it is unchanged: ENOSPC: no space left on device')
    expect(model.watchedPubkeys()).toEqual([A])
    expect(thrown(() => model.unwatchAddress(A)).code).toBe('INTERNAL')
    expect(model.watchedPubkeys()).toEqual([A])
    model.noteAddressTransactions([at(A, 'x', 1)])
    model.flush()
    expect(problems.map((p) => p.message)).toEqual([
      "Could not save the watchlist's activity: ENOSPC: no space left on device",
    ])
  })

  it('keeps the valid part of a damaged saved watchlist', () => {
    const store = memoryWatchlistStorage({
      addresses: [{ pubkey: A, label: 'ok', unread: 3 }, { pubkey: 'bad' }, { pubkey: A }, 'junk', { pubkey: B, unread: -1 }],
      circuits: { not: 'a list' },
    })
    const warnings: unknown[] = []
    const model = new WatchlistModel({
      store,
      now: () => 7,
      log: { info() {}, warn: (_m, details) => warnings.push(details), error() {} },
    })
    expect(model.snapshot()).toEqual({
      addresses: [
        { pubkey: A, label: 'ok', notify: true, addedAt: 7, lastActivityAt: null, lastSignature: null },
        { pubkey: B, label: null, notify: true, addedAt: 7, lastActivityAt: null, lastSignature: null },
      ],
      circuits: [],
    })
    expect(warnings[0]).toEqual([
      'address 2: An address to watch is 32–44 base58 characters; got "bad" (3 characters)',
      `address 3: ${A} is listed twice`,
      'address 4: not an object',
      'circuits: not a list',
    ])
    const unreadable = new WatchlistModel({
      store: {
        read: () => {
          throw new Error('EACCES')
        },
        write: () => {},
      },
    })
    expect(unreadable.snapshot()).toEqual({ addresses: [], circuits: [] })
  })

  it('has a limit on how many addresses are watched', () => {
    const model = new WatchlistModel({ store: memoryWatchlistStorage() })
    const digits = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
    for (let index = 0; index < WATCHLIST_LIMITS.addresses; index++) {
      model.watchAddress({ pubkey: `${'1'.repeat(32)}${digits[Math.floor(index / 58)]}${digits[index % 58]}` })
    }
    expect(model.watchedPubkeys()).toHaveLength(WATCHLIST_LIMITS.addresses)
    expect(thrown(() => model.watchAddress({ pubkey: A })).message).toBe(
      `At most ${WATCHLIST_LIMITS.addresses} addresses can be watched; remove one first`,
    )
  })
})
