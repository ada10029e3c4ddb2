/**
 * The demo network's records and the indexes its HTTP queries read: every
 * proof and transaction by seq, account, authority, type, circuit and
 * status, the oldest forgotten past a cap, and the list queries, which are
 * binary searches plus one page of work. Apart from network.ts, which makes
 * the records; this file keeps and finds them.
 */
import type { DemoProofType } from './catalog'
import { decodeCursor, pageNewestFirst, type PageOf } from './paging'
import { KeyedLogs } from './keyed-logs'
import { ProofTally } from './proof-tally'
import { RecordLog } from './record-log'
import type { DemoTxStatus, ProofRecord, TransactionRecord } from './records'
import type { ProofFilter, TransactionFilter } from './network-types'

const DAY_MS = 24 * 60 * 60_000

export class NetworkRecords {
  readonly proofs = new RecordLog<ProofRecord>()
  readonly proofsByAccount = new Map<string, ProofRecord>()
  readonly proofsByAuthority = new KeyedLogs<string, ProofRecord>()
  readonly proofsByType = new KeyedLogs<DemoProofType, ProofRecord>()
  readonly proofsByCircuit = new KeyedLogs<number, ProofRecord>()
  readonly transactions = new RecordLog<TransactionRecord>()
  readonly transactionsBySignature = new Map<string, TransactionRecord>()
  readonly transactionsByAccount = new KeyedLogs<string, TransactionRecord>()
  readonly transactionsByStatus = new KeyedLogs<DemoTxStatus, TransactionRecord>()
  readonly proofTally = new ProofTally()

  /** Records held before the oldest are forgotten (see DemoNetworkOptions.maxProofs). */
  constructor(
    private readonly maxProofs: number,
    private readonly maxTransactions: number,
  ) {}

  /** Authorities by proofs in the last 24 hours, most first. */
  leaderboard(limit: number, now: number): { pubkey: string; proofCount: number }[] {
    const entries: { pubkey: string; proofCount: number }[] = []
    for (const [pubkey, log] of this.proofsByAuthority.logs()) {
      const proofCount = log.firstAfter(now) - log.firstAfter(now - DAY_MS)
      if (proofCount > 0) entries.push({ pubkey, proofCount })
    }
    entries.sort((a, b) => b.proofCount - a.proofCount || (a.pubkey < b.pubkey ? -1 : a.pubkey > b.pubkey ? 1 : 0))
    return entries.slice(0, limit)
  }

  listProofs(filter: ProofFilter): PageOf<ProofRecord> {
    const { authority, type, circuitId } = filter
    let log: RecordLog<ProofRecord> | undefined
    let matches: ((proof: ProofRecord) => boolean) | undefined
    if (authority !== undefined) {
      log = this.proofsByAuthority.get(authority)
      if (type !== undefined || circuitId !== undefined) {
        matches = (proof) =>
          (type === undefined || proof.circuit.proofType === type) && (circuitId === undefined || proof.circuit.id === circuitId)
      }
    } else if (circuitId !== undefined) {
      log = this.proofsByCircuit.get(circuitId)
      if (type !== undefined) matches = (proof) => proof.circuit.proofType === type
    } else {
      log = type === undefined ? this.proofs : this.proofsByType.get(type)
    }
    const { state } = filter
    if (state !== undefined) {
      const others = matches
      matches = (proof) => proof.revoked === (state === 'revoked') && (others === undefined || others(proof))
    }
    const page = pageNewestFirst({
      log,
      matches,
      afterSeq: this.cursorSeq(filter.cursor, this.proofsByAccount),
      limit: filter.limit,
      keyOf: (proof) => proof.proofAccount,
    })
    // Counted over every proof ever published, as totalProofs is, not only those still held
    // (revocations are not tallied: a state-filtered total counts the proofs held).
    return state === undefined ? { ...page, total: this.proofTally.count(filter) } : page
  }

  listTransactions(filter: TransactionFilter): PageOf<TransactionRecord> {
    const { pubkey, status, fromMs, toMs } = filter
    let log: RecordLog<TransactionRecord> | undefined
    const conditions: ((tx: TransactionRecord) => boolean)[] = []
    if (pubkey !== undefined) {
      log = this.transactionsByAccount.get(pubkey)
      if (status !== undefined) conditions.push((tx) => tx.status === status)
    } else {
      log = status === undefined ? this.transactions : this.transactionsByStatus.get(status)
    }
    const dated = fromMs !== undefined || toMs !== undefined
    // A transaction without a block time matches no date filter.
    if (dated) conditions.push((tx) => tx.blockTimeKnown)
    return pageNewestFirst({
      log,
      from: fromMs === undefined || log === undefined ? undefined : log.firstAtOrAfter(fromMs),
      to: toMs === undefined || log === undefined ? undefined : log.firstAfter(toMs),
      matches: conditions.length === 0 ? undefined : (tx) => conditions.every((condition) => condition(tx)),
      afterSeq: this.cursorSeq(filter.cursor, this.transactionsBySignature),
      limit: filter.limit,
      keyOf: (tx) => tx.signature,
    })
  }

  appendProof(proof: ProofRecord): void {
    this.proofTally.add(proof)
    this.proofs.push(proof)
    this.proofsByAccount.set(proof.proofAccount, proof)
    this.proofsByAuthority.push(proof.authority, proof)
    this.proofsByType.push(proof.circuit.proofType, proof)
    this.proofsByCircuit.push(proof.circuit.id, proof)
    if (this.proofs.length > this.maxProofs) this.forgetOldestProof()
  }

  appendTransaction(tx: TransactionRecord): void {
    this.transactions.push(tx)
    this.transactionsBySignature.set(tx.signature, tx)
    this.transactionsByStatus.push(tx.status, tx)
    for (const account of tx.accounts) this.transactionsByAccount.push(account, tx)
    if (this.transactions.length > this.maxTransactions) this.forgetOldestTransaction()
  }

  private forgetOldestProof(): void {
    const proof = this.proofs.dropOldest()
    if (proof === undefined) return
    this.proofsByAccount.delete(proof.proofAccount)
    // The oldest proof overall is also the oldest in each index that holds it.
    this.proofsByAuthority.dropOldest(proof.authority)
    this.proofsByType.dropOldest(proof.circuit.proofType)
    this.proofsByCircuit.dropOldest(proof.circuit.id)
  }

  private forgetOldestTransaction(): void {
    const tx = this.transactions.dropOldest()
    if (tx === undefined) return
    this.transactionsBySignature.delete(tx.signature)
    this.transactionsByStatus.dropOldest(tx.status)
    for (const account of tx.accounts) this.transactionsByAccount.dropOldest(account)
  }

  private cursorSeq(cursor: string | undefined, byKey: ReadonlyMap<string, { seq: number }>): number | null | undefined {
    if (cursor === undefined || cursor === '') return undefined
    return byKey.get(decodeCursor(cursor))?.seq ?? null
  }

  /** The authority's newest proof not revoked, among its last 50. */
  newestLiveProofOf(authority: string): ProofRecord | undefined {
    const log = this.proofsByAuthority.get(authority)
    if (log === undefined) return undefined
    for (let index = log.length - 1; index >= Math.max(0, log.length - 50); index--) {
      const proof = log.at(index)
      if (!proof.revoked) return proof
    }
    return undefined
  }

  /** Proofs with time in (t - 24 h, t]. */
  proofsInDayBefore(t: number): number {
    return this.proofs.firstAfter(t) - this.proofs.firstAfter(t - DAY_MS)
  }

  /** Authorities with a proof in (t - 24 h, t]: the leaderboard's length when it is not cut. */
  activeUsersInDayBefore(t: number): number {
    let active = 0
    for (const [, log] of this.proofsByAuthority.logs()) {
      const index = log.firstAfter(t - DAY_MS)
      if (index < log.length && log.at(index).timeMs <= t) active++
    }
    return active
  }
}
