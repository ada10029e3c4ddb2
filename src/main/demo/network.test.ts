import { PROOF_TYPES, type SeriesPeriod } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import {
  DEMO_BUSY_ADDRESSES,
  DEMO_CIRCUITS,
  DEMO_START_SLOT,
  DEMO_WALLET,
  SYSTEM_PROGRAM_ID,
} from './catalog'
import {
  DemoNetwork,
  type DemoNetworkOptions,
  type NetworkEvent,
  type ProofFilter,
  type SeriesMetricName,
} from './network'
import type { ProofRecord, TransactionRecord } from './records'
import { wireProof, wireTransaction, wireTransactionDetail } from './wire-format'

const START = Date.UTC(2026, 10, 21, 21, 0, 0)
const DAY = 86_400_000
const METRICS: readonly SeriesMetricName[] = ['tps', 'proofs24h', 'activeUsers24h']
const PERIODS: readonly SeriesPeriod[] = ['24h', '7d', '30d']

function fixedClockNetwork(options: DemoNetworkOptions = {}): { network: DemoNetwork; setNow: (t: number) => void } {
  let now = START
  const network = new DemoNetwork({ startTime: START, clock: () => now, ...options })
  return { network, setNow: (t) => (now = t) }
}

/** What one tick published, as its listeners saw it. */
function tickRecords(network: DemoNetwork, now: number): { proofs: ProofRecord[]; transactions: TransactionRecord[] } {
  const events: NetworkEvent[] = []
  const stop = network.onEvent((event) => events.push(event))
  network.tick(now)
  stop()
  return {
    proofs: events.flatMap((event) => (event.kind === 'proof' ? [event.proof] : [])),
    transactions: events.flatMap((event) => ('transaction' in event ? [event.transaction] : [])),
  }
}

function allProofs(network: DemoNetwork, filter: { authority?: string; circuitId?: number } = {}, limit = 7): ProofRecord[] {
  const seen: ProofRecord[] = []
  let cursor: string | undefined
  for (let guard = 0; guard < 1000; guard++) {
    const page = network.listProofs({ ...filter, cursor, limit })
    seen.push(...page.items)
    if (page.nextCursor === null) return seen
    cursor = page.nextCursor
  }
  throw new Error('paging did not end')
}

function allTransactions(network: DemoNetwork, pubkey?: string, limit = 9): TransactionRecord[] {
  const seen: TransactionRecord[] = []
  let cursor: string | undefined
  for (let guard = 0; guard < 1000; guard++) {
    const page = network.listTransactions({ pubkey, cursor, limit })
    seen.push(...page.items)
    if (page.nextCursor === null) return seen
    cursor = page.nextCursor
  }
  throw new Error('paging did not end')
}

describe('DemoNetwork history', () => {
  it('is the same network for the same seed, and another for another seed', () => {
    const a = fixedClockNetwork({ seed: 11 }).network
    const b = fixedClockNetwork({ seed: 11 }).network
    const c = fixedClockNetwork({ seed: 12 }).network
    const proofsPage = (network: DemoNetwork): unknown => network.listProofs({ limit: 50 }).items.map(wireProof)
    const txPage = (network: DemoNetwork): unknown => network.listTransactions({ limit: 50 }).items.map(wireTransactionDetail)
    expect(proofsPage(a)).toEqual(proofsPage(b))
    expect(txPage(a)).toEqual(txPage(b))
    expect(a.authorities).toEqual(b.authorities)
    expect(proofsPage(a)).not.toEqual(proofsPage(c))
  })

  it('holds 30 days of proofs and transactions before the start slot', () => {
    const { network } = fixedClockNetwork()
    expect(network.totalProofs).toBe(300)
    expect(network.proofCount).toBe(300)
    expect(network.transactionCount).toBe(500)
    const proofs = allProofs(network, {}, 200)
    for (const proof of proofs) {
      expect(proof.timeMs).toBeLessThan(START)
      expect(proof.timeMs).toBeGreaterThanOrEqual(START - 30 * DAY)
      expect(proof.slot).toBeLessThan(DEMO_START_SLOT)
      const tx = network.getTransaction(proof.signature)
      expect(tx?.feePayer).toBe(proof.authority)
      expect(tx?.accounts).toEqual([proof.authority, proof.proofAccount, SYSTEM_PROGRAM_ID])
    }
    expect(new Set(proofs.map((proof) => proof.circuit.proofType))).toEqual(
      new Set(['BALANCE', 'OWNERSHIP', 'AGE', 'MEMBERSHIP', 'CUSTOM']),
    )
    expect(proofs.some((proof) => proof.revoked && !proof.verified)).toBe(true)
    expect(network.authorities).toHaveLength(40)
    expect(network.authorities).toEqual(expect.arrayContaining([...DEMO_BUSY_ADDRESSES, DEMO_WALLET]))
  })

  it('has a few failed transactions with their error, and a few without block time', () => {
    const { network } = fixedClockNetwork()
    const failed = allTransactions(network).filter((tx) => tx.status === 'FAILED')
    expect(failed.length).toBeGreaterThan(3)
    expect(failed.length).toBeLessThan(60)
    for (const tx of failed) expect(tx.errorMessage).toMatch(/failed/)
    const detail = wireTransactionDetail(failed[0] as TransactionRecord)
    expect(detail.logs.at(-1)).toContain(`failed: ${detail.errorMessage}`)
    expect(allTransactions(network).some((tx) => !tx.blockTimeKnown)).toBe(true)
  })

  it('shows activity on the busy addresses and the demo wallet', () => {
    const { network } = fixedClockNetwork()
    for (const address of [...DEMO_BUSY_ADDRESSES, DEMO_WALLET]) {
      const txs = network.listTransactions({ pubkey: address, limit: 200 })
      expect(txs.total).toBeGreaterThan(10)
      expect(txs.items.some((tx) => tx.body.kind === 'transfer')).toBe(true)
      expect(network.listProofs({ authority: address, limit: 1 }).total).toBeGreaterThan(3)
    }
  })
})

describe('DemoNetwork lists', () => {
  it('pages through every proof exactly once, newest first', () => {
    const { network } = fixedClockNetwork()
    const proofs = allProofs(network)
    expect(proofs).toHaveLength(300)
    expect(new Set(proofs.map((proof) => proof.proofAccount)).size).toBe(300)
    for (let index = 1; index < proofs.length; index++) {
      expect((proofs[index] as ProofRecord).slot).toBeLessThanOrEqual((proofs[index - 1] as ProofRecord).slot)
    }
  })

  it('pages a filtered list exactly once and reports its total on every page', () => {
    const { network } = fixedClockNetwork()
    const authority = DEMO_BUSY_ADDRESSES[0] as string
    const total = network.listProofs({ authority, limit: 1 }).total
    const proofs = allProofs(network, { authority }, 3)
    expect(proofs).toHaveLength(total)
    expect(proofs.every((proof) => proof.authority === authority)).toBe(true)
    expect(network.listProofs({ authority, limit: 3, cursor: network.listProofs({ authority, limit: 3 }).nextCursor ?? '' }).total).toBe(total)

    const txs = allTransactions(network, authority, 4)
    expect(new Set(txs.map((tx) => tx.signature)).size).toBe(txs.length)
    expect(txs.every((tx) => tx.accounts.includes(authority))).toBe(true)
    expect(txs.some((tx) => tx.feePayer !== authority)).toBe(true)
  })

  it('answers an unknown or garbage cursor with an empty last page and the full total', () => {
    const { network } = fixedClockNetwork()
    for (const cursor of ['garbage!!', 'Tm90QVJlYWxQcm9vZkFjY291bnQxMTExMTExMTExMTExMTExMTExMTEx']) {
      expect(network.listProofs({ cursor, limit: 5 })).toEqual({ items: [], nextCursor: null, total: 300 })
      expect(network.listTransactions({ cursor, limit: 5 })).toEqual({ items: [], nextCursor: null, total: 500 })
    }
    expect(network.listProofs({ cursor: '', limit: 5 }).items).toHaveLength(5)
  })

  it('filters proofs by type, circuit and authority with type', () => {
    const { network } = fixedClockNetwork()
    const balance = network.listProofs({ type: 'BALANCE', limit: 200 })
    expect(balance.items.length).toBe(balance.total)
    expect(balance.items.every((proof) => proof.circuit.proofType === 'BALANCE')).toBe(true)
    const membership = network.listProofs({ type: 'MEMBERSHIP', limit: 200 })
    expect(new Set(membership.items.map((proof) => proof.circuit.id))).toEqual(new Set([4, 6]))
    const circuit6 = network.listProofs({ circuitId: 6, limit: 200 })
    expect(circuit6.total).toBeGreaterThan(0)
    expect(circuit6.items.every((proof) => proof.circuit.name === 'dao_voter_membership')).toBe(true)
    expect(network.listProofs({ circuitId: 99, limit: 5 })).toEqual({ items: [], nextCursor: null, total: 0 })

    const authority = DEMO_BUSY_ADDRESSES[1] as string
    const both = allProofs(network, { authority }).filter((proof) => proof.circuit.proofType === 'AGE')
    const page = network.listProofs({ authority, type: 'AGE', limit: 2 })
    expect(page.total).toBe(both.length)
    expect(page.items).toEqual(both.slice(0, 2))
    expect(network.listProofs({ authority: 'unknown', limit: 5 }).total).toBe(0)
  })

  it('filters transactions by status and by date, leaving out unknown block times', () => {
    const { network } = fixedClockNetwork()
    const failed = network.listTransactions({ status: 'FAILED', limit: 200 })
    const success = network.listTransactions({ status: 'SUCCESS', limit: 200 })
    expect(failed.total + success.total).toBe(500)
    expect(failed.items.every((tx) => tx.status === 'FAILED')).toBe(true)

    const fromMs = START - 3 * DAY
    const toMs = START - DAY
    const dated = network.listTransactions({ fromMs, toMs, limit: 200 })
    const expected = allTransactions(network).filter((tx) => tx.blockTimeKnown && tx.timeMs >= fromMs && tx.timeMs <= toMs)
    expect(dated.total).toBe(expected.length)
    expect(dated.items.map((tx) => tx.signature)).toEqual(expected.map((tx) => tx.signature))
    expect(network.listTransactions({ fromMs: START + DAY, limit: 5 }).total).toBe(0)
  })
})

describe('DemoNetwork publishing', () => {
  it('publishes a proof with its transaction, newest in every list, and tells listeners in order', () => {
    const { network, setNow } = fixedClockNetwork()
    const events: NetworkEvent[] = []
    network.onEvent((event) => events.push(event))
    setNow(START + 10_000)
    const published = network.publishProof({ authority: DEMO_BUSY_ADDRESSES[0], circuitId: 3 })
    expect(published.proof.slot).toBe(DEMO_START_SLOT + 25)
    expect(published.proof.circuit.name).toBe('age_proof')
    expect(published.transaction.signature).toBe(published.proof.signature)
    expect(published.notification).toBeNull()
    expect(network.listProofs({ limit: 1 }).items[0]).toBe(published.proof)
    expect(network.listTransactions({ pubkey: published.proof.proofAccount, limit: 5 }).items).toEqual([published.transaction])
    expect(network.getProof(published.proof.proofAccount)).toBe(published.proof)
    expect(events).toEqual([{ kind: 'proof', proof: published.proof, transaction: published.transaction }])
    expect(network.totalProofs).toBe(301)
    expect(() => network.publishProof({ circuitId: 42 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
  })

  it('notifies the demo wallet of its own proofs and revocations', () => {
    const { network } = fixedClockNetwork()
    const events: NetworkEvent[] = []
    network.onEvent((event) => events.push(event))
    const published = network.publishProof({ authority: DEMO_WALLET })
    expect(published.notification).toMatchObject({
      type: 'PROOF_VERIFIED',
      title: 'Proof verified',
      body: `Your ${published.proof.circuit.proofLabel} was verified`,
    })
    expect(published.notification?.id).toMatch(/^[0-9a-f]{25}$/)

    const revoked = network.revokeProof()
    expect(revoked?.proof).toBe(published.proof)
    expect(published.proof).toMatchObject({ revoked: true, verified: false })
    expect(revoked?.transaction.body.kind).toBe('revoke')
    expect(revoked?.notification).toMatchObject({
      type: 'PROOF_REVOKED',
      title: 'Proof revoked',
      body: `Your ${published.proof.circuit.proofLabel} was revoked`,
    })
    expect(network.revokeProof(published.proof.proofAccount)).toBeNull()
    expect(network.revokeProof('not-a-proof')).toBeNull()
    expect(events.map((event) => event.kind)).toEqual(['proof', 'notification', 'revocation', 'notification'])
  })

  it('publishes other transactions that keep the watched addresses busy', () => {
    const { network } = fixedClockNetwork()
    const tx = network.publishTransaction({ kind: 'transfer', feePayer: DEMO_WALLET, failed: true })
    expect(tx).toMatchObject({ feePayer: DEMO_WALLET, status: 'FAILED', programIds: [SYSTEM_PROGRAM_ID] })
    expect(wireTransactionDetail(tx).errorMessage).toBe('Transaction simulation failed: insufficient lamports')
    expect(network.listTransactions({ pubkey: DEMO_WALLET, limit: 1 }).items[0]).toBe(tx)
    const token = network.publishTransaction({ kind: 'token', counterparty: DEMO_BUSY_ADDRESSES[2] })
    expect(token.accounts).toContain(DEMO_BUSY_ADDRESSES[2])
    expect(wireTransactionDetail(token).instructions[0]?.decoded).toMatchObject({ name: 'transferChecked' })
  })

  it('ticks at its rate, spreading the new records over the elapsed time', () => {
    const { network, setNow } = fixedClockNetwork({ rate: 4 })
    const first = tickRecords(network, START + 1000)
    expect(first.proofs).toHaveLength(4)
    expect(first.proofs.map((proof) => proof.timeMs)).toEqual([START + 250, START + 500, START + 750, START + 1000])
    expect(first.transactions.length).toBeGreaterThanOrEqual(4)
    expect(tickRecords(network, START + 1100).proofs).toHaveLength(0)
    expect(tickRecords(network, START + 1250).proofs).toHaveLength(1)
    network.setRate(0)
    expect(tickRecords(network, START + 60_000).proofs).toHaveLength(0)
    expect(() => network.setRate(-1)).toThrow(ProofWatchError)
    expect(network.getRate()).toBe(0)
    // Time never runs backwards, even when asked to.
    setNow(START - DAY)
    expect(network.publishProof().proof.timeMs).toBe(START + 1250)
  })

  it('records a series snapshot every half hour of network time', () => {
    const { network } = fixedClockNetwork({ rate: 0 })
    const before = network.series('proofs24h', '24h', START)
    expect(before).toHaveLength(49)
    network.publishProof({ at: START + 1000 })
    network.tick(START + 30 * 60_000)
    const after = network.series('proofs24h', '24h', START + 30 * 60_000)
    expect(after.at(-1)).toEqual({ t: START + 30 * 60_000, value: network.overview(START + 30 * 60_000).proofs24h })
  })

  it('forgets the oldest records beyond its retention and stays consistent', () => {
    const { network } = fixedClockNetwork({ maxProofs: 120, maxTransactions: 250 })
    expect(network.proofCount).toBe(120)
    for (let index = 0; index < 400; index++) network.publishProof()
    expect(network.proofCount).toBe(120)
    expect(network.transactionCount).toBe(250)
    expect(network.totalProofs).toBe(700)
    const proofs = allProofs(network)
    expect(proofs).toHaveLength(120)
    const txs = allTransactions(network)
    expect(txs).toHaveLength(250)
    for (const tx of txs) expect(network.getTransaction(tx.signature)).toBe(tx)
    // Totals still count every proof published, as the overview does; pages hold what is left.
    expect(network.listProofs({ limit: 1 }).total).toBe(700)
    expect(network.overview().totalProofs).toBe(700)
    const authority = proofs[0]?.authority as string
    const held = allProofs(network, { authority })
    expect(held.length).toBeLessThan(network.listProofs({ authority, limit: 1 }).total)
    expect(held).toEqual(proofs.filter((proof) => proof.authority === authority))
  })

  // How fast it publishes is a measurement, not a unit check: the ingest benchmark drives the demo at full rate.
  it('publishes past its cap, keeping the newest records', () => {
    const { network } = fixedClockNetwork({ maxProofs: 2_000, maxTransactions: 4_000 })
    let last = ''
    for (let index = 0; index < 3_000; index++) last = network.publishProof().proof.proofAccount
    const page = network.listProofs({ limit: 50 })
    expect(page.items).toHaveLength(50)
    expect(page.items[0]?.proofAccount).toBe(last)
    expect(allProofs(network, {}, 200).length).toBeLessThanOrEqual(2_000)
  })
})

describe('DemoNetwork figures', () => {
  it('sums the last 24 hours consistently across overview, leaderboard and series', () => {
    const { network } = fixedClockNetwork()
    const overview = network.overview(START)
    expect(overview.slot).toBe(DEMO_START_SLOT)
    expect(overview.totalProofs).toBe(300)
    expect(overview.proofs24h).toBeGreaterThan(10)
    const board = network.leaderboard(100, START)
    expect(board.reduce((sum, entry) => sum + entry.proofCount, 0)).toBe(overview.proofs24h)
    expect(board).toHaveLength(overview.activeUsers24h)
    for (let index = 1; index < board.length; index++) {
      expect((board[index] as { proofCount: number }).proofCount).toBeLessThanOrEqual((board[index - 1] as { proofCount: number }).proofCount)
    }
    expect(network.leaderboard(3, START)).toEqual(board.slice(0, 3))
    expect(network.series('activeUsers24h', '24h', START).at(-1)?.value).toBe(overview.activeUsers24h)
    expect(overview.tps).toBeGreaterThan(1000)
    expect(Number.isInteger(overview.avgVerifyTimeMs) && Number.isInteger(overview.rpcLatencyMs)).toBe(true)
  })

  it('gives ascending raw snapshots inside each period, at most 200', () => {
    const { network } = fixedClockNetwork()
    for (const [period, span] of [['24h', DAY], ['7d', 7 * DAY], ['30d', 30 * DAY]] as const) {
      const points = network.series('tps', period, START)
      expect(points.length).toBeGreaterThan(40)
      expect(points.length).toBeLessThanOrEqual(200)
      expect(points.at(-1)?.t).toBe(START)
      expect((points[0] as { t: number }).t).toBeGreaterThanOrEqual(START - span)
      for (let index = 1; index < points.length; index++) {
        expect((points[index] as { t: number }).t).toBeGreaterThan((points[index - 1] as { t: number }).t)
      }
    }
  })

  it('ends every series with its newest half-hourly snapshot, not with the figure of this moment', () => {
    const { network, setNow } = fixedClockNetwork({ rate: 500 })
    // 6000 proofs in 12 s: far more than the last half-hourly snapshot (at START) knows of.
    for (let second = 1; second <= 12; second++) {
      setNow(START + second * 1000)
      network.tick()
    }
    const overview = network.overview()
    expect(overview.proofs24h).toBeGreaterThan(6000)
    const atStart = network.overview(START)

    for (const metric of METRICS) {
      for (const period of PERIODS) {
        const points = network.series(metric, period)
        // A point of the series (the snapshot at START), a regular step after the one before it.
        expect(points.at(-1)).toEqual({ t: START, value: metric === 'tps' ? atStart.tps : atStart[metric] })
        expect(points.length).toBeLessThanOrEqual(200)
        const steps = new Set(points.slice(1).map((point, index) => point.t - (points[index] as { t: number }).t))
        expect(steps.size).toBe(1)
      }
    }
    // Once the next half hour falls due, the series moves on to it.
    setNow(START + 30 * 60_000)
    network.tick()
    expect(network.series('proofs24h', '24h').at(-1)).toEqual({ t: START + 30 * 60_000, value: network.overview().proofs24h })
  })

  it.each([
    ['everything held', {}],
    ['the oldest proofs forgotten', { maxProofs: 2500, maxTransactions: 6000 }],
  ] as const)('keeps its figures in agreement after a busy spell, with %s', (_name, retention) => {
    const { network, setNow } = fixedClockNetwork({ rate: 300, ...retention })
    const atStart = { proofs24h: network.overview(START).proofs24h, activeUsers24h: network.overview(START).activeUsers24h }
    for (let second = 1; second <= 10; second++) {
      setNow(START + second * 1000)
      network.tick()
    }
    const now = START + 10_000
    const overview = network.overview()

    // Every count of proofs ever published agrees with totalProofs.
    const total = (filter: Omit<ProofFilter, 'limit'>): number => network.listProofs({ ...filter, limit: 1 }).total
    const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0)
    expect(overview.totalProofs).toBe(3300)
    expect(total({})).toBe(overview.totalProofs)
    expect(sum(PROOF_TYPES.map((type) => total({ type })))).toBe(overview.totalProofs)
    expect(sum(DEMO_CIRCUITS.map((circuit) => total({ circuitId: circuit.id })))).toBe(overview.totalProofs)
    expect(sum(network.authorities.map((authority) => total({ authority })))).toBe(overview.totalProofs)
    const authority = DEMO_BUSY_ADDRESSES[0] as string
    expect(sum(PROOF_TYPES.map((type) => total({ authority, type })))).toBe(total({ authority }))
    expect(sum(DEMO_CIRCUITS.map((circuit) => total({ authority, circuitId: circuit.id })))).toBe(total({ authority }))
    expect(total({ circuitId: 6, type: 'MEMBERSHIP' })).toBe(total({ circuitId: 6 }))
    expect(total({ circuitId: 6, type: 'AGE' })).toBe(0)

    // The last 24 hours: overview, leaderboard and the listed proofs tell the same story.
    const lastDay = allProofs(network, {}, 200).filter((proof) => proof.timeMs > now - DAY && proof.timeMs <= now)
    expect(overview.proofs24h).toBe(lastDay.length)
    const perAuthority = new Map<string, number>()
    for (const proof of lastDay) perAuthority.set(proof.authority, (perAuthority.get(proof.authority) ?? 0) + 1)
    expect(overview.activeUsers24h).toBe(perAuthority.size)
    const board = network.leaderboard(100)
    expect(board).toHaveLength(overview.activeUsers24h)
    expect(sum(board.map((entry) => entry.proofCount))).toBe(overview.proofs24h)
    for (const entry of board) expect(entry.proofCount).toBe(perAuthority.get(entry.pubkey))
    // The series end at the newest half-hourly snapshot (START), which counted what was there then.
    expect(network.series('proofs24h', '7d').at(-1)?.value).toBe(atStart.proofs24h)
    expect(network.series('activeUsers24h', '30d').at(-1)?.value).toBe(atStart.activeUsers24h)
  })

  it('advances the slot with the clock, one every 400 ms', () => {
    const { network, setNow } = fixedClockNetwork()
    setNow(START + 4000)
    expect(network.overview().slot).toBe(DEMO_START_SLOT + 10)
    expect(wireTransaction(network.publishTransaction()).slot).toBe(String(DEMO_START_SLOT + 10))
  })
})

describe('a network that continues another', () => {
  it('shares records, counters and listeners, so a restarted indexer loses nothing', () => {
    const { network } = fixedClockNetwork({ rate: 5 })
    const before = network.publishTransaction({ feePayer: DEMO_WALLET })
    const continued = new DemoNetwork({ continueFrom: network, seed: 99, rate: 7 })
    expect(continued.seed).toBe(network.seed)
    expect(network.getRate()).toBe(7)

    const seen: NetworkEvent[] = []
    const stop = continued.onEvent((event) => seen.push(event))
    // Published through the first handle: the second one's listeners hear it and its lists hold it.
    const during = network.publishTransaction({ feePayer: DEMO_WALLET })
    const after = continued.publishTransaction({ feePayer: DEMO_WALLET })
    stop()
    expect(seen.map((event) => ('transaction' in event ? event.transaction.signature : null))).toEqual([
      during.signature,
      after.signature,
    ])
    expect(after.seq).toBe(during.seq + 1)
    const signatures = (n: DemoNetwork) => allTransactions(n, DEMO_WALLET).map((tx) => tx.signature)
    expect(signatures(continued)).toEqual(signatures(network))
    expect(signatures(continued).slice(0, 3)).toEqual([after.signature, during.signature, before.signature])
  })

  it('pages through every transaction of an address exactly once, whatever the page size', () => {
    const { network } = fixedClockNetwork()
    for (let index = 0; index < 40; index++) network.publishTransaction({ feePayer: DEMO_BUSY_ADDRESSES[0] })
    const address = DEMO_BUSY_ADDRESSES[0] as string
    // Counted from the whole list, without the per-address index the filtered pages use.
    const expected = allTransactions(network, undefined, 200)
      .filter((tx) => tx.accounts.includes(address))
      .map((tx) => tx.signature)
    expect(expected.length).toBeGreaterThan(40)
    for (const limit of [1, 7, 200]) {
      expect(allTransactions(network, address, limit).map((tx) => tx.signature)).toEqual(expected)
    }
  })
})
