/**
 * How many proofs were ever published per filter the proof list accepts.
 * The network forgets its oldest proofs to bound memory; list totals come
 * from here so they keep agreeing with the overview's totalProofs.
 */
import { circuitById, type DemoProofType } from './catalog'
import type { ProofRecord } from './records'

export interface ProofTallyFilter {
  authority?: string
  type?: DemoProofType
  circuitId?: number
}

export class ProofTally {
  private all = 0
  private readonly counts = new Map<string, number>()

  add(proof: ProofRecord): void {
    this.all++
    const { authority } = proof
    const { id, proofType } = proof.circuit
    this.bump(typeKey(proofType))
    this.bump(circuitKey(id))
    this.bump(authorityKey(authority))
    this.bump(authorityKey(authority) + typeKey(proofType))
    this.bump(authorityKey(authority) + circuitKey(id))
  }

  get total(): number {
    return this.all
  }

  count(filter: ProofTallyFilter): number {
    const { authority, circuitId } = filter
    let { type } = filter
    if (circuitId !== undefined && type !== undefined) {
      // A circuit has one type: the type either adds nothing or rules everything out.
      if (circuitById(circuitId)?.proofType !== type) return 0
      type = undefined
    }
    const key =
      (authority === undefined ? '' : authorityKey(authority)) +
      (circuitId !== undefined ? circuitKey(circuitId) : type !== undefined ? typeKey(type) : '')
    return key === '' ? this.all : (this.counts.get(key) ?? 0)
  }

  private bump(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
  }
}

// One key per filter; the prefixes and the authority's closing '|' keep different filters' keys apart.
const authorityKey = (authority: string): string => `a|${authority}|`
const typeKey = (type: DemoProofType): string => `t|${type}`
const circuitKey = (id: number): string => `c|${id}`
