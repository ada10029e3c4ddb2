/**
 * Synthetic history for the cache benchmarks: records shaped as the indexer
 * sends them (docs/wire.md) and notification-centre entries shaped as the core
 * makes them, deterministic for a seed, fast enough to make a million.
 */
import { createPrng } from '../../src/main/demo/prng'
import { randomBase58 } from '../../src/main/demo/base58'
import { COMPUTE_BUDGET_PROGRAM_ID, DEMO_CIRCUITS, DEMO_START_SLOT, SLOT_MS, SYSTEM_PROGRAM_ID } from '../../src/main/demo/catalog'
import type { WireProof, WireTransaction } from '../../src/main/demo/wire-format'

/** A proof as the indexer sends it: the demo's wire shape, written once there. */
export type CachedProof = WireProof

/** A transaction as the indexer sends it; the benchmark's always have a block time. */
export type CachedTransaction = WireTransaction & { blockTime: string }

/** A notification-centre entry for a watched address's transaction, as the core keeps it (`raw` in the wire's shape). */
export interface CachedActivity {
  id: string
  type: 'ADDRESS_TRANSACTION'
  title: string
  body: string
  subject: { kind: 'transaction'; id: string }
  /** Epoch ms. */
  receivedAt: number
}

export type HistoryRecord =
  | { kind: 'proof'; proof: CachedProof }
  | { kind: 'transaction'; transaction: CachedTransaction; address: string }
  | { kind: 'activity'; activity: CachedActivity }

const AUTHORITY_COUNT = 2_000
/** Epoch ms of the newest record; the history runs backwards from here. */
const NEWEST_MS = Date.UTC(2026, 10, 1)

/** Of every ten records: five proofs, three transactions, two notification entries (what a cache holds after long use). */
export const HISTORY_MIX = { proofs: 5, transactions: 3, activity: 2 } as const

export interface HistoryShares {
  proofs: number
  transactions: number
  activity: number
}

/** How many of each kind `count` records of historyRecords() hold. */
export function historyShares(count: number): HistoryShares {
  const shares = { proofs: 0, transactions: 0, activity: 0 }
  const whole = Math.floor(count / 10)
  shares.proofs = whole * HISTORY_MIX.proofs + Math.min(count % 10, HISTORY_MIX.proofs)
  shares.transactions = whole * HISTORY_MIX.transactions + Math.min(Math.max(0, (count % 10) - HISTORY_MIX.proofs), HISTORY_MIX.transactions)
  shares.activity = count - shares.proofs - shares.transactions
  return shares
}

/**
 * `count` records of history, oldest first, one slot apart, in HISTORY_MIX:
 * proofs, transactions of the same authorities, and an entry for each of
 * the latest transactions of the watched ones.
 */
export function* historyRecords(count: number, seed = 1): Generator<HistoryRecord> {
  const prng = createPrng(seed)
  const next = () => prng.uint32()
  const authorities = Array.from({ length: AUTHORITY_COUNT }, () => randomBase58(32, next))
  const firstSlot = DEMO_START_SLOT - count
  // This decade's transactions: its notification entries are about the latest of them, one each.
  let recent: { signature: string; address: string; failed: boolean }[] = []
  for (let index = 0; index < count; index++) {
    const slot = firstSlot + index
    const timeMs = NEWEST_MS - (count - index) * SLOT_MS
    const place = index % 10
    if (place < HISTORY_MIX.proofs) {
      yield { kind: 'proof', proof: drawProof(index, slot, timeMs, authorities, next) }
    } else if (place < HISTORY_MIX.proofs + HISTORY_MIX.transactions) {
      const address = authorities[next() % AUTHORITY_COUNT]!
      const failed = next() % 20 === 0
      const signature = randomBase58(64, next)
      recent.push({ signature, address, failed })
      yield {
        kind: 'transaction',
        address,
        transaction: {
          signature,
          slot: String(slot),
          blockTime: new Date(timeMs).toISOString(),
          fee: String(5000 + (next() % 20) * 1000),
          feePayer: address,
          status: failed ? 'FAILED' : 'SUCCESS',
          computeUnits: 150 + (next() % 200_000),
          programIds: [COMPUTE_BUDGET_PROGRAM_ID, SYSTEM_PROGRAM_ID],
        },
      }
    } else {
      // As the core writes one per transaction of a watched address.
      const about = recent.pop() ?? { signature: randomBase58(64, next), address: authorities[0]!, failed: false }
      if (place === 9) recent = []
      yield {
        kind: 'activity',
        activity: {
          id: `ADDRESS_TRANSACTION:${about.address}:${about.signature}`,
          type: 'ADDRESS_TRANSACTION',
          title: about.failed ? 'Transaction failed' : 'New transaction',
          body: `${about.address.slice(0, 4)}…${about.address.slice(-4)}: ${about.signature.slice(0, 4)}…${about.signature.slice(-4)}`,
          subject: { kind: 'transaction', id: about.signature },
          receivedAt: timeMs,
        },
      }
    }
  }
}

/** `count` proofs, oldest first, one slot apart. */
export function* cachedProofs(count: number, seed = 1): Generator<CachedProof> {
  const prng = createPrng(seed)
  const next = () => prng.uint32()
  const authorities = Array.from({ length: AUTHORITY_COUNT }, () => randomBase58(32, next))
  const firstSlot = DEMO_START_SLOT - count
  for (let index = 0; index < count; index++) {
    yield drawProof(index, firstSlot + index, NEWEST_MS - (count - index) * SLOT_MS, authorities, next)
  }
}

/** The `index`th proof, its random parts drawn from `next` in a fixed order (the same seed gives the same records). */
function drawProof(index: number, slot: number, timeMs: number, authorities: string[], next: () => number): CachedProof {
  const circuit = DEMO_CIRCUITS[index % DEMO_CIRCUITS.length]!
  return {
    proofAccount: randomBase58(32, next),
    signature: randomBase58(64, next),
    authority: authorities[next() % AUTHORITY_COUNT]!,
    circuitId: circuit.id,
    circuitName: circuit.name,
    proofType: circuit.proofType,
    publicInputs: { threshold: String(1_000_000 * (1 + (next() % 500))), nonce: next() },
    verified: true,
    verifiedAt: new Date(timeMs).toISOString(),
    slotVerified: String(slot),
    revoked: next() % 100 === 0,
  }
}

/** The first `length` characters of a key: what a person types into a search box. */
export function prefixesOf(keys: readonly string[], count: number, seed: number, minLength = 3, maxLength = 8): string[] {
  const prng = createPrng(seed)
  return Array.from({ length: count }, () => prng.pick(keys).slice(0, prng.int(minLength, maxLength)))
}
