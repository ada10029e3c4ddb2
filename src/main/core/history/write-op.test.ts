import { describe, expect, it } from 'vitest'
import type { Circuit, LeaderboardEntry, Series } from '@shared/domain'
import { testNotification, testProof, testProofSummary, testTransaction } from '@test/support/history-test-data'
import { recordCount, splitOp, type WriteOp } from './write-op'

const INDEXER = 'http://127.0.0.1:8787'
const range = (count: number): number[] => Array.from({ length: count }, (_, index) => index)

/** The records of an operation of a split kind, in order, whatever the kind. */
function recordsOf(op: WriteOp): readonly unknown[] {
  switch (op.type) {
    case 'proofs':
      return op.proofs
    case 'proof-summaries':
      return op.summaries
    case 'transactions':
      return op.transactions
    case 'notifications':
      return op.notifications
    default:
      throw new Error(`not a split kind: ${op.type}`)
  }
}

/** Everything but the records, to check a part is the same write of fewer. */
function withoutRecords(op: WriteOp): Record<string, unknown> {
  const { proofs: _p, summaries: _s, transactions: _t, notifications: _n, ...rest } = op as unknown as Record<string, unknown>
  return rest
}

const splitKinds: Array<[string, (count: number) => WriteOp]> = [
  ['proofs', (count) => ({ type: 'proofs', indexer: INDEXER, at: 7, proofs: range(count).map((index) => testProof(index)) })],
  [
    'proof-summaries',
    (count) => ({ type: 'proof-summaries', indexer: INDEXER, at: 7, own: true, summaries: range(count).map((index) => testProofSummary(index)) }),
  ],
  [
    'transactions',
    (count) => ({ type: 'transactions', indexer: INDEXER, at: 7, address: 'Addr1', transactions: range(count).map((index) => testTransaction(index)) }),
  ],
  ['notifications', (count) => ({ type: 'notifications', indexer: INDEXER, at: 7, notifications: range(count).map((index) => testNotification(index)) })],
]

describe('splitOp', () => {
  it.each(splitKinds)('splits %s into parts of at most N, in order, every other field kept', (_kind, make) => {
    const op = make(53)
    const parts = splitOp(op, 25)
    expect(parts.map(recordCount)).toEqual([25, 25, 3])
    // Together the parts are the records of the operation, in its order.
    expect(parts.flatMap(recordsOf)).toEqual(recordsOf(op))
    for (const part of parts) {
      expect(part.type).toBe(op.type)
      expect(withoutRecords(part)).toEqual(withoutRecords(op))
    }
  })

  it.each(splitKinds)('leaves %s of at most N whole', (_kind, make) => {
    for (const count of [1, 24, 25]) {
      const op = make(count)
      expect(splitOp(op, 25)).toEqual([op])
    }
  })

  it('refuses parts that could hold nothing, rather than loop', () => {
    const [, make] = splitKinds[0] as (typeof splitKinds)[number]
    expect(() => splitOp(make(3), 0)).toThrow(/at least one record; asked for 0/)
    expect(() => splitOp(make(3), Number.NaN)).toThrow(/at least one record/)
  })

  it('keeps whole the kinds that replace a set or patch at once, however large', () => {
    const series = {
      metric: 'proofs',
      serverMetric: 'proofs',
      period: '24h',
      points: range(100).map((index) => ({ t: index, v: index })),
    } as unknown as Series
    const entries = range(100).map((index) => ({ rank: index + 1, pubkey: `P${index}`, proofCount: '1' }) as unknown as LeaderboardEntry)
    const circuits = range(100).map((index) => ({ id: `c${index}`, name: null, proofType: null, description: null }) as Circuit)
    const whole: WriteOp[] = [
      { type: 'series', indexer: INDEXER, at: 1, series },
      { type: 'leaderboard', indexer: INDEXER, at: 1, period: '7d', entries },
      { type: 'circuits', indexer: INDEXER, circuits },
      { type: 'metadata', indexer: INDEXER, at: 1, patch: Object.fromEntries(range(100).map((index) => [`k${index}`, index])) },
    ]
    for (const op of whole) {
      expect(recordCount(op) === 1 || recordCount(op) > 25).toBe(true)
      const parts = splitOp(op, 25)
      expect(parts).toHaveLength(1)
      expect(parts[0]).toBe(op)
    }
  })
})
