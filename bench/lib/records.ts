/**
 * Synthetic history for the cache benchmarks: proof records shaped as the
 * indexer sends them (WIRE.md), deterministic for a seed, fast enough to
 * make a million.
 */
import { createPrng } from '../../src/main/demo/prng'
import { randomBase58 } from '../../src/main/demo/base58'
import { DEMO_CIRCUITS, DEMO_START_SLOT, SLOT_MS } from '../../src/main/demo/catalog'

export interface CachedProof {
  proofAccount: string
  signature: string
  authority: string
  circuitId: number
  circuitName: string
  proofType: string
  publicInputs: Record<string, unknown>
  verified: boolean
  verifiedAt: string
  slotVerified: string
  revoked: boolean
}

const AUTHORITY_COUNT = 2_000
/** Epoch ms of the newest record; the history runs backwards from here. */
const NEWEST_MS = Date.UTC(2026, 10, 1)

/** `count` proofs, oldest first, one slot apart. */
export function* cachedProofs(count: number, seed = 1): Generator<CachedProof> {
  const prng = createPrng(seed)
  const next = () => prng.uint32()
  const authorities = Array.from({ length: AUTHORITY_COUNT }, () => randomBase58(32, next))
  const firstSlot = DEMO_START_SLOT - count
  for (let index = 0; index < count; index++) {
    const circuit = DEMO_CIRCUITS[index % DEMO_CIRCUITS.length]!
    const slot = firstSlot + index
    yield {
      proofAccount: randomBase58(32, next),
      signature: randomBase58(64, next),
      authority: authorities[next() % AUTHORITY_COUNT]!,
      circuitId: circuit.id,
      circuitName: circuit.name,
      proofType: circuit.proofType,
      publicInputs: { threshold: String(1_000_000 * (1 + (next() % 500))), nonce: next() },
      verified: true,
      verifiedAt: new Date(NEWEST_MS - (count - index) * SLOT_MS).toISOString(),
      slotVerified: String(slot),
      revoked: next() % 100 === 0,
    }
  }
}

/** The first `length` characters of a key: what a person types into a search box. */
export function prefixesOf(keys: readonly string[], count: number, seed: number, minLength = 3, maxLength = 8): string[] {
  const prng = createPrng(seed)
  return Array.from({ length: count }, () => prng.pick(keys).slice(0, prng.int(minLength, maxLength)))
}
