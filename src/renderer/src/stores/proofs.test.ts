import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Page, Proof, ProofQuery } from '@shared/domain'
import { deferred } from '@test/support/renderer/deferred'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection, makeProof, makeProofSummary } from '@test/support/renderer/fixtures'
import { answerPages } from '@test/support/renderer/paged-answers'
import { setupStores } from '@test/support/renderer/store-setup'
import { HEAD_REFRESH_MIN_MS } from '@renderer/composables/use-paged-list'
import { proofFromSummary } from '@shared/proof-summary'
import { useConnectionStore } from './connection'
import {
  mayMatchProof,
  NO_PROOF_FILTERS,
  PROOF_PAGE_LIMIT,
  type ProofFilters,
  proofQueryOf,
  surelyMatchesProof,
  useProofsStore,
} from './proofs'

let bridge: FakeBridge

function servePages(count: number, size: number): void {
  answerPages(bridge, 'listProofs', Array.from({ length: count }, (_, i) => makeProof(i)), size)
}

beforeEach(() => {
  bridge = setupStores().bridge
})

describe('proofQueryOf', () => {
  it('leaves out filters that are not set', () => {
    expect(proofQueryOf({ ...NO_PROOF_FILTERS, authority: '  ', type: '' })).toEqual({})
    expect(proofQueryOf({ ...NO_PROOF_FILTERS, authority: ' Auth1 ', type: 'AGE' })).toEqual({ authority: 'Auth1', type: 'AGE' })
  })

  it('sends the circuit and a known state, and leaves out a state it does not know (from a hand-edited URL)', () => {
    expect(proofQueryOf({ ...NO_PROOF_FILTERS, circuit: ' 6 ', state: 'revoked' })).toEqual({ circuitId: '6', state: 'revoked' })
    expect(proofQueryOf({ ...NO_PROOF_FILTERS, state: 'pending' })).toEqual({})
  })
})

describe('dates on proofs', () => {
  it('sends the whole local days picked, or a preset up to now in their place', () => {
    expect(proofQueryOf({ ...NO_PROOF_FILTERS, fromDate: '2026-11-21', toDate: '2026-11-21' })).toEqual({
      fromDate: new Date(2026, 10, 21).toISOString(),
      toDate: new Date(new Date(2026, 10, 22).getTime() - 1).toISOString(),
    })
    const now = Date.parse('2026-11-24T22:37:13Z')
    expect(proofQueryOf({ ...NO_PROOF_FILTERS, within: '7d', fromDate: '2026-11-21' }, now)).toEqual({ fromDate: '2026-11-17T22:37:00.000Z' })
  })

  it('takes no arrivals into a list that ends in the past, and waits for the record in a dated one', () => {
    const summary = makeProofSummary(1)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, toDate: '2026-11-21' }, summary)).toBe(false)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, within: '1h', toDate: '2026-11-21' }, summary)).toBe(true)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, within: '1h' }, summary)).toBe(false)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, fromDate: '2026-11-21' }, summary)).toBe(false)
  })
})

describe('circuit and state with pushed proofs', () => {
  const summary = { ...makeProofSummary(1), circuitId: '6' }

  it('places a pushed proof by its circuit; a new proof is never in the revoked list, and waits for its record in the verified one', () => {
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, circuit: '6' }, summary)).toBe(true)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, circuit: '2' }, summary)).toBe(false)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, circuit: '2' }, { ...summary, circuitId: null })).toBe(true)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, circuit: '6' }, summary)).toBe(true)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, circuit: '6' }, { ...summary, circuitId: null })).toBe(false)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, state: 'revoked' }, summary)).toBe(false)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, state: 'verified' }, summary)).toBe(true)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, state: 'verified' }, summary)).toBe(false)
  })
})

describe('mayMatchProof', () => {
  const summary = { ...makeProofSummary(1), authority: 'Auth1', proofType: 'AGE' }

  it('rules a pushed proof out only by a field it has and the filters set', () => {
    expect(mayMatchProof(NO_PROOF_FILTERS, summary)).toBe(true)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, authority: ' Auth1 ', type: 'AGE' }, summary)).toBe(true)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, authority: 'Auth2', type: '' }, summary)).toBe(false)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, authority: '', type: 'BALANCE' }, summary)).toBe(false)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, authority: '', type: 'age' }, summary)).toBe(true)
    expect(mayMatchProof({ ...NO_PROOF_FILTERS, authority: 'Auth2', type: 'BALANCE' }, { ...summary, authority: null, proofType: null })).toBe(true)
  })
})

describe('surelyMatchesProof', () => {
  const summary = { ...makeProofSummary(1), authority: 'Auth1', proofType: 'AGE' }

  it('takes a pushed proof only when every filter set is matched by a field it has', () => {
    expect(surelyMatchesProof(NO_PROOF_FILTERS, summary)).toBe(true)
    expect(surelyMatchesProof(NO_PROOF_FILTERS, { ...summary, authority: null, proofType: null })).toBe(true)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, authority: ' Auth1 ', type: 'age' }, summary)).toBe(true)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, authority: 'Auth2', type: '' }, summary)).toBe(false)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, authority: '', type: 'BALANCE' }, summary)).toBe(false)
    // Unknown fields cannot prove a match: the head refresh decides.
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, authority: 'Auth1', type: '' }, { ...summary, authority: null })).toBe(false)
    expect(surelyMatchesProof({ ...NO_PROOF_FILTERS, authority: '', type: 'AGE' }, { ...summary, proofType: null })).toBe(false)
  })
})

describe('proofFromSummary', () => {
  it('keeps what the summary says and leaves the rest unknown', () => {
    const summary = { ...makeProofSummary(4), raw: { proofAccount: 'x', slot: '5' }, extra: { lane: 2 } }
    expect(proofFromSummary(summary)).toEqual({
      proofAccount: summary.proofAccount,
      signature: null,
      authority: summary.authority,
      circuitId: 'circuit-1',
      circuitName: null,
      proofType: 'AGE',
      publicInputs: {},
      verified: null,
      verifiedAt: null,
      slotVerified: summary.slot,
      revoked: null,
      raw: { proofAccount: 'x', slot: '5' },
      extra: { lane: 2 },
    })
  })
})

describe('proofs store', () => {
  it('pages with loadMore until the cursor runs out', async () => {
    servePages(5, 2)
    const proofs = useProofsStore()
    await proofs.applyFilters(NO_PROOF_FILTERS)
    expect(proofs.items).toHaveLength(2)
    expect(proofs.total).toBe('5')
    expect(proofs.ended).toBe(false)

    await proofs.loadMore()
    await proofs.loadMore()
    expect(proofs.items.map((p) => p.proofAccount)).toEqual([0, 1, 2, 3, 4].map((n) => makeProof(n).proofAccount))
    expect(proofs.ended).toBe(true)

    await proofs.loadMore()
    expect(bridge.callsOf('listProofs').map(([query]) => query.cursor)).toEqual([undefined, 'c1', 'c2'])
  })

  it('sends the filters with every page', async () => {
    servePages(3, 2)
    const proofs = useProofsStore()
    await proofs.applyFilters({ ...NO_PROOF_FILTERS, authority: 'Auth1', type: 'BALANCE' })
    await proofs.loadMore()
    expect(bridge.callsOf('listProofs')).toEqual([
      [{ authority: 'Auth1', type: 'BALANCE' }],
      [{ authority: 'Auth1', type: 'BALANCE', cursor: 'c1', limit: PROOF_PAGE_LIMIT }],
    ])
  })

  it('stops instead of looping when the server repeats a cursor', async () => {
    bridge.handle('listProofs', (query): Page<Proof> => ({
      items: [makeProof(query.cursor ? 2 : 1)],
      nextCursor: 'same',
      total: null,
    }))
    const proofs = useProofsStore()
    await proofs.applyFilters(NO_PROOF_FILTERS)
    await proofs.loadMore()
    expect(proofs.ended).toBe(true)
    expect(proofs.items).toHaveLength(2)
  })

  it('drops duplicates across pages', async () => {
    bridge.handle('listProofs', (query): Page<Proof> =>
      query.cursor
        ? { items: [makeProof(2), makeProof(3)], nextCursor: null, total: null }
        : { items: [makeProof(1), makeProof(2)], nextCursor: 'c1', total: null },
    )
    const proofs = useProofsStore()
    await proofs.applyFilters(NO_PROOF_FILTERS)
    await proofs.loadMore()
    expect(proofs.items.map((p) => p.proofAccount)).toEqual([1, 2, 3].map((n) => makeProof(n).proofAccount))
  })

  it('is loading while the first page is on its way', async () => {
    const answer = deferred<Page<Proof>>()
    bridge.handle('listProofs', () => answer.promise)
    const proofs = useProofsStore()
    const loaded = proofs.applyFilters(NO_PROOF_FILTERS)
    expect(proofs.loading).toBe(true)
    expect(proofs.loaded).toBe(false)
    answer.resolve({ items: [], nextCursor: null, total: '0' })
    await loaded
    expect(proofs.loading).toBe(false)
    expect(proofs.loaded).toBe(true)
    expect(proofs.items).toEqual([])
  })

  it('ignores the answer to filters that were replaced meanwhile', async () => {
    const slow = deferred<Page<Proof>>()
    bridge.handle('listProofs', (query: ProofQuery) =>
      query.type === 'AGE' ? slow.promise : { items: [makeProof(9)], nextCursor: null, total: '1' },
    )
    const proofs = useProofsStore()
    const first = proofs.applyFilters({ ...NO_PROOF_FILTERS, authority: '', type: 'AGE' })
    await proofs.applyFilters({ ...NO_PROOF_FILTERS, authority: '', type: 'CUSTOM' })
    slow.resolve({ items: [makeProof(1), makeProof(2)], nextCursor: null, total: '2' })
    await first
    expect(proofs.items.map((p) => p.proofAccount)).toEqual([makeProof(9).proofAccount])
    expect(proofs.filters.type).toBe('CUSTOM')
  })

  it('keeps the items when loadMore fails, and retry repeats loadMore', async () => {
    servePages(4, 2)
    const proofs = useProofsStore()
    await proofs.applyFilters(NO_PROOF_FILTERS)
    bridge.fail('listProofs', { code: 'UNREACHABLE', message: 'gone' })
    await proofs.loadMore()
    expect(proofs.error?.code).toBe('UNREACHABLE')
    expect(proofs.failedStep).toBe('more')
    expect(proofs.items).toHaveLength(2)

    servePages(4, 2)
    await proofs.retry()
    expect(proofs.error).toBeNull()
    expect(proofs.items).toHaveLength(4)
    expect(proofs.ended).toBe(true)
  })

  it('ensureLoaded does not refetch the same filters', async () => {
    servePages(1, 2)
    const proofs = useProofsStore()
    await proofs.ensureLoaded({ ...NO_PROOF_FILTERS, authority: 'A', type: '' })
    await proofs.ensureLoaded({ ...NO_PROOF_FILTERS, authority: 'A ', type: '' })
    expect(bridge.callsOf('listProofs')).toHaveLength(1)
    await proofs.ensureLoaded({ ...NO_PROOF_FILTERS, authority: 'B', type: '' })
    expect(bridge.callsOf('listProofs')).toHaveLength(2)
  })

  it('retries by itself when the connection recovers, but not after NOT_FOUND-like errors', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'unreachable' }))
    const connection = useConnectionStore()
    await connection.start()
    bridge.fail('listProofs', { code: 'UNREACHABLE', message: 'gone' })
    const proofs = useProofsStore()
    await proofs.applyFilters(NO_PROOF_FILTERS)

    servePages(1, 2)
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsOf('listProofs')).toHaveLength(2)
    expect(proofs.error).toBeNull()
    expect(proofs.items).toHaveLength(1)

    bridge.fail('listProofs', { code: 'INVALID_ARGUMENT', message: 'bad authority' })
    await proofs.applyFilters({ ...NO_PROOF_FILTERS, authority: '???', type: '' })
    bridge.emit('connection', makeConnection({ http: 'unreachable' }))
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsOf('listProofs')).toHaveLength(3)
  })
})

describe('proofs store and arrivals', () => {
  it('fetches the newest page for an announced proof that may match, only while a view follows the list', async () => {
    let newest: Proof[] = []
    bridge.handle('listProofs', () => ({ items: [...newest, makeProof(1)], nextCursor: null, total: null }))
    const proofs = useProofsStore()
    await proofs.applyFilters({ ...NO_PROOF_FILTERS, authority: '', type: 'AGE' })

    newest = [makeProof(2)]
    bridge.emit('proofs', [makeProofSummary(2)])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsOf('listProofs')).toHaveLength(1)

    const stop = proofs.follow()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Following starts with what arrived while nobody looked.
    expect(proofs.items.map((p) => p.proofAccount)).toEqual([2, 1].map((n) => makeProof(n).proofAccount))
    const asked = bridge.callsOf('listProofs').length

    // A proof of another type cannot belong to this list: nothing is asked.
    bridge.emit('proofs', [{ ...makeProofSummary(3), proofType: 'BALANCE' }])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsOf('listProofs')).toHaveLength(asked)
    stop()
    expect(proofs.isFollowed()).toBe(false)
  })

  it('fetches what arrived during an outage once the indexer is back', async () => {
    bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
    await useConnectionStore().start()
    let newest: Proof[] = []
    bridge.handle('listProofs', () => ({ items: [...newest, makeProof(1)], nextCursor: null, total: null }))
    const proofs = useProofsStore()
    await proofs.applyFilters(NO_PROOF_FILTERS)
    newest = [makeProof(5)]
    bridge.emit('connection', makeConnection({ http: 'unreachable' }))
    bridge.emit('connection', makeConnection({ http: 'ok' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(proofs.items.map((p) => p.proofAccount)).toEqual([5, 1].map((n) => makeProof(n).proofAccount))
  })
})

describe('proofs store and pushed proofs', () => {
  // Head refreshes are spaced HEAD_REFRESH_MIN_MS apart: the clock is the test's.
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const settle = () => vi.advanceTimersByTimeAsync(0)
  const laterRefresh = () => vi.advanceTimersByTimeAsync(HEAD_REFRESH_MIN_MS)
  const accountsOf = (proofs: readonly Proof[]) => proofs.map((proof) => proof.proofAccount)

  /** The indexer's newest-first list: `newest` (set by the test) in front of proofs 1 and 0. */
  function serveNewest(): { newest: Proof[] } {
    const state = { newest: [] as Proof[] }
    bridge.handle('listProofs', () => ({ items: [...state.newest, makeProof(1), makeProof(0)], nextCursor: null, total: String(state.newest.length + 2) }))
    return state
  }

  /** The store with its list loaded for `filters` and followed by a view, on the list serveNewest answers. */
  async function followedList(filters: ProofFilters = NO_PROOF_FILTERS) {
    const served = serveNewest()
    const proofs = useProofsStore()
    await proofs.applyFilters(filters)
    const stop = proofs.follow()
    await settle()
    return { served, proofs, stop }
  }

  it('shows pushed proofs at the top at once, newest first, each proof once', async () => {
    const { served, proofs } = await followedList()
    const asked = bridge.callsOf('listProofs').length
    // The head refresh is slow: the rows do not wait for it.
    bridge.handle('listProofs', () => new Promise(() => {}))

    bridge.emit('proofs', [makeProofSummary(2), makeProofSummary(3)])
    expect(accountsOf(proofs.items)).toEqual(accountsOf([3, 2, 1, 0].map((n) => makeProof(n))))
    expect(proofs.items[0]).toEqual(proofFromSummary(makeProofSummary(3)))
    expect(proofs.total).toBe('4')
    await laterRefresh()
    expect(bridge.callsOf('listProofs')).toHaveLength(asked + 1)

    // A replay after a reconnect, and a proof the list already holds in full, add nothing.
    bridge.emit('proofs', [makeProofSummary(3), { ...makeProofSummary(1), proofType: 'BALANCE' }])
    expect(accountsOf(proofs.items)).toEqual(accountsOf([3, 2, 1, 0].map((n) => makeProof(n))))
    expect(proofs.items[2]).toEqual(makeProof(1))
    expect(proofs.total).toBe('4')
    served.newest = []
  })

  it('puts no pushed proof above a newer row: one older than the newest row is left where paging finds it', async () => {
    const { served, proofs } = await followedList()
    bridge.handle('listProofs', () => new Promise(() => {}))
    // The list holds proofs 1 and 0: pushed with them, one in proof 0's slot, an older one, one without a slot and a new one.
    const between = { ...makeProofSummary(5), slot: makeProof(0).slotVerified }
    const older = { ...makeProofSummary(6), slot: String(286_999_999) }
    const unknownSlot = { ...makeProofSummary(7), slot: null }
    bridge.emit('proofs', [older, between, unknownSlot, makeProofSummary(2)])
    expect(accountsOf(proofs.items)).toEqual(accountsOf([2, 7, 1, 0].map((n) => makeProof(n))))
    expect(proofs.arrived).toBe(2)
    served.newest = []
  })

  it('puts the full record on the row a push made, in place, when the head refresh brings it', async () => {
    const { served, proofs } = await followedList()

    served.newest = [makeProof(3), makeProof(2)]
    bridge.emit('proofs', [makeProofSummary(2), makeProofSummary(3)])
    expect(proofs.items[0]?.verified).toBeNull()
    await laterRefresh()
    expect(proofs.items).toEqual([3, 2, 1, 0].map((n) => makeProof(n)))
    expect(proofs.headGap).toBe(false)
    expect(proofs.total).toBe('4')
  })

  it('takes only pushed proofs that belong to the filtered list, and asks the indexer about unclear ones', async () => {
    const { served, proofs } = await followedList({ ...NO_PROOF_FILTERS, authority: '', type: 'AGE' })
    const asked = bridge.callsOf('listProofs').length
    bridge.handle('listProofs', () => new Promise(() => {}))

    bridge.emit('proofs', [{ ...makeProofSummary(5), proofType: 'BALANCE' }])
    expect(proofs.items).toHaveLength(2)
    expect(bridge.callsOf('listProofs')).toHaveLength(asked)

    // No type in the summary: not shown on a guess, but the indexer is asked.
    bridge.emit('proofs', [{ ...makeProofSummary(6), proofType: null }])
    expect(proofs.items).toHaveLength(2)
    await laterRefresh()
    expect(bridge.callsOf('listProofs')).toHaveLength(asked + 1)
    served.newest = []
  })

  it('shows nothing pushed while no view follows the list', async () => {
    const { proofs, stop } = await followedList()
    stop()
    const asked = bridge.callsOf('listProofs').length
    bridge.emit('proofs', [makeProofSummary(7)])
    await laterRefresh()
    expect(proofs.items).toHaveLength(2)
    expect(bridge.callsOf('listProofs')).toHaveLength(asked)
  })
})
