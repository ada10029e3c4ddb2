/**
 * The fixed parts of the demo network: circuits, program ids and the
 * addresses a demo user will want to watch. They do not depend on the seed,
 * so the app can point at them whatever network it starts.
 */
import type { PROOF_TYPES } from '@shared/domain'
import { encodeBase58 } from './base58'
import { privateKeyFromSeed, publicKeyBytes } from '../core/sign-in/ed25519'
import { createPrng } from './prng'

/** The proof types the demo network publishes: the known ones, no others. */
export type DemoProofType = (typeof PROOF_TYPES)[number]

export interface DemoCircuit {
  readonly id: number
  /** As the chain names it (snake_case); wire records carry it as `circuitName`. */
  readonly name: string
  /** How a person says "a proof of this circuit" (ends in "proof"), for notification text. */
  readonly proofLabel: string
  readonly proofType: DemoProofType
  /** Relative share of new proofs. */
  readonly weight: number
  /** What /api/circuits says it proves. */
  readonly description: string
  /** Slots before the network's start slot at which it was registered. */
  readonly registeredSlotsAgo: number
  /** How many public inputs its proofs carry (/api/circuits' `publicInputCount`). */
  readonly publicInputCount: number
}

export const DEMO_CIRCUITS: readonly DemoCircuit[] = [
  { id: 1, name: 'balance_proof', proofLabel: 'balance proof', proofType: 'BALANCE', weight: 30, description: 'Prove a token balance is at least a public threshold without revealing it.', registeredSlotsAgo: 2_600_000, publicInputCount: 2 },
  { id: 2, name: 'ownership_proof', proofLabel: 'ownership proof', proofType: 'OWNERSHIP', weight: 22, description: 'Prove you hold an NFT from a collection without revealing which one.', registeredSlotsAgo: 1_700_000, publicInputCount: 1 },
  { id: 3, name: 'age_proof', proofLabel: 'age proof', proofType: 'AGE', weight: 14, description: 'Prove your wallet is older than N days without revealing its creation slot.', registeredSlotsAgo: 860_000, publicInputCount: 1 },
  { id: 4, name: 'membership_proof', proofLabel: 'membership proof', proofType: 'MEMBERSHIP', weight: 20, description: 'Prove membership in a Merkle-committed allowlist.', registeredSlotsAgo: 430_000, publicInputCount: 1 },
  { id: 5, name: 'custom_circuit', proofLabel: 'custom circuit proof', proofType: 'CUSTOM', weight: 8, description: 'Bring-your-own Groth16 circuit.', registeredSlotsAgo: 216_000, publicInputCount: 1 },
  // A second circuit of one type, as the reference deployment has: the name is not the type.
  { id: 6, name: 'dao_voter_membership', proofLabel: 'DAO voter membership proof', proofType: 'MEMBERSHIP', weight: 6, description: 'Prove you are on a voter roll of a DAO without revealing which member you are.', registeredSlotsAgo: 108_000, publicInputCount: 2 },
]

export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'
export const COMPUTE_BUDGET_PROGRAM_ID = 'ComputeBudget111111111111111111111111111111'
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112'
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

/** Compute unit limit every proof transaction asks for. */
export const COMPUTE_UNIT_LIMIT = 400_000

/** Slot of the network at the moment it starts; one slot every SLOT_MS. */
export const DEMO_START_SLOT = 356_500_000
export const SLOT_MS = 400

const fixedKeys = createPrng(0x9e0f_a7c4)
const fixedKey = (): string => encodeBase58(fixedKeys.bytes(32))

/** The program that verifies proofs on the demo network. */
export const DEMO_VERIFIER_PROGRAM_ID = fixedKey()
/**
 * The demo user's wallet key: fixed, so the keypair file the app writes for
 * trying keypair sign-in matches the wallet whose proofs the demo publishes.
 * A demo key, public by design: it holds nothing.
 */
const DEMO_WALLET_SEED = fixedKeys.bytes(32)
const demoWalletPublicKey = publicKeyBytes(privateKeyFromSeed(DEMO_WALLET_SEED))
/** The wallet of the demo user: its proofs feed `user:proofs` and `user:notifications`. */
export const DEMO_WALLET = encodeBase58(demoWalletPublicKey)
/** Authorities that publish most of the proofs and see most transfers. */
export const DEMO_BUSY_ADDRESSES: readonly string[] = [fixedKey(), fixedKey(), fixedKey()]
/** Credential issuers named in age proofs. */
export const DEMO_ISSUERS: readonly string[] = [fixedKey(), fixedKey()]

/** How many authorities the network has in all, the fixed ones included. */
export const DEMO_AUTHORITY_COUNT = 40

/** The demo wallet as a Solana CLI keypair file holds it: 64 numbers, the seed then the public key. */
export function demoWalletKeypair(): number[] {
  return [...DEMO_WALLET_SEED, ...demoWalletPublicKey]
}

export function circuitById(id: number): DemoCircuit | undefined {
  return DEMO_CIRCUITS.find((circuit) => circuit.id === id)
}
