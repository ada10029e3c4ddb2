/**
 * The demo network's random choices: who publishes a proof (busy addresses
 * and the wallet weighted up), on which circuit, what kind of other
 * transaction, and between whom. Apart from network.ts so the odds that make
 * the demo look alive are read in one place; every draw comes from the
 * network's one seeded stream, so the same seed gives the same network.
 */
import { DEMO_AUTHORITY_COUNT, DEMO_BUSY_ADDRESSES, DEMO_CIRCUITS, DEMO_WALLET, type DemoCircuit } from './catalog'
import type { Prng } from './prng'
import type { RecordFactory } from './record-factory'
import type { OtherTransactionKind } from './network-types'

/** Addresses a demo user watches; most simulated transfers involve one. */
const WATCHED: readonly string[] = [...DEMO_BUSY_ADDRESSES, DEMO_WALLET]

export class NetworkDraws {
  /** Every authority the network draws proofs from, busy ones and the wallet first. */
  readonly authorities: readonly string[]
  private readonly authorityWeights: ReadonlyMap<string, number>

  /** Draws the network's other authorities and every authority's weight. */
  constructor(
    private readonly prng: Prng,
    private readonly factory: RecordFactory,
  ) {
    const others = Array.from({ length: DEMO_AUTHORITY_COUNT - DEMO_BUSY_ADDRESSES.length - 1 }, () => factory.pubkey())
    this.authorities = [...DEMO_BUSY_ADDRESSES, DEMO_WALLET, ...others]
    const weights = new Map<string, number>()
    DEMO_BUSY_ADDRESSES.forEach((address, index) => weights.set(address, 14 - index * 3))
    weights.set(DEMO_WALLET, 6)
    for (const address of others) weights.set(address, prng.int(1, 3))
    this.authorityWeights = weights
  }

  authority(): string {
    return this.prng.weighted(this.authorities, (address) => this.authorityWeights.get(address) ?? 1)
  }

  /** A circuit by weight, among the enabled ones (all, when none is). */
  circuit(enabled: (circuitId: number) => boolean): DemoCircuit {
    const candidates = DEMO_CIRCUITS.filter((circuit) => enabled(circuit.id))
    return this.prng.weighted(candidates.length > 0 ? candidates : DEMO_CIRCUITS, (circuit) => circuit.weight)
  }

  otherKind(): OtherTransactionKind {
    const roll = this.prng.next()
    return roll < 0.6 ? 'transfer' : roll < 0.85 ? 'token' : roll < 0.95 ? 'memo' : 'failed-verify'
  }

  /** Most transfers involve a busy address or the wallet, so watching them shows activity. */
  parties(feePayer: string | undefined, counterparty: string | undefined): { feePayer: string; counterparty: string } {
    const payer =
      feePayer ?? (this.prng.chance(0.55) ? this.prng.pick(WATCHED) : this.prng.chance(0.5) ? this.authority() : this.factory.pubkey())
    let other = counterparty ?? (this.prng.chance(0.35) ? this.prng.pick(WATCHED) : this.factory.pubkey())
    if (other === payer) other = this.factory.pubkey()
    return { feePayer: payer, counterparty: other }
  }
}
