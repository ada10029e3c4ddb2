/**
 * The Circuits view's contract: each circuit as the indexer describes it
 * (/api/circuits, /api/circuits/:id; docs/wire.md, Accounts), with a short
 * fingerprint of its verifying key that the cache remembers, so a key that
 * changes under the user's proofs is noticed.
 */
import type { Circuit, ErrorInfo, U64 } from './domain'

/** A circuit as /api/circuits lists it. */
export interface CircuitFacts extends Circuit {
  publicInputCount: number | null
  /** False: the indexer verifies no new proofs with it. Null when it does not say. */
  enabled: boolean | null
  registeredSlot: U64 | null
}

/** One circuit as /api/circuits/:id answers: the list's fields and its verifying key. */
export interface CircuitDetail extends CircuitFacts {
  verifyingKey: string | null
}

export interface CircuitCard extends CircuitFacts {
  /** The first 8 bytes of the key's SHA-256, as hex in groups of four ("d13b 03cc …"); null when no key was read. */
  fingerprint: string | null
  /** Epoch ms this fingerprint was first seen (null: no key read yet). */
  keySeenAt: number | null
  /** Epoch ms the circuit was last read from the indexer. */
  readAt: number
}

export interface CircuitCatalog {
  circuits: CircuitCard[]
  /** Epoch ms of the last read from the indexer (null: never read). */
  readAt: number | null
  /** `network`: read just now; `cache`: what was last read (offline, or asked for). */
  source: 'network' | 'cache'
  /** Why the indexer was not read (offline, refused, no circuit list); null when it was. */
  problem: ErrorInfo | null
}

/**
 * How the id of an alert about circuits begins: a HEALTH entry (the core's
 * own, never sent to the indexer), which leads to the Circuits view.
 */
export const CIRCUIT_ALERT_ID_PREFIX = 'HEALTH:circuits:'
