import type { ProofSummary } from '@shared/domain'

/**
 * The newest proofs of the live feed, each once, for getRecentProofs. Called
 * for every proof event, so adding costs the same however full it is: the
 * list only grows at its end and is compacted now and then.
 */
export class RecentProofs {
  /** Oldest first; the window is from `start` to the end. */
  private items: ProofSummary[] = []
  private start = 0
  private readonly held = new Set<string>()

  constructor(private readonly cap: number) {}

  /** Proofs in the order they happened; one already in the window is not added again. */
  add(proofs: readonly ProofSummary[]): void {
    for (const proof of proofs) {
      if (this.held.has(proof.proofAccount)) continue
      this.items.push(proof)
      this.held.add(proof.proofAccount)
      if (this.items.length - this.start > this.cap) this.held.delete((this.items[this.start++] as ProofSummary).proofAccount)
    }
    if (this.start >= this.cap) {
      this.items = this.items.slice(this.start)
      this.start = 0
    }
  }

  newestFirst(): ProofSummary[] {
    return this.items.slice(this.start).reverse()
  }
}
