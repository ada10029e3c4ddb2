/**
 * The events that may become a native notification, read from the monitor's
 * event batches: `notifications` (user:notifications), `userProofs`
 * (user:proofs), `circuitProofs` (followed circuits) and
 * `addressTransactions` (watched addresses). Other events are not notifiable.
 */
import { circuitLabel } from '@shared/circuit-label'
import { shortId } from '@shared/ids'
import { ACTIVITY_NOTIFICATION_KINDS, type AddressTransaction, type AppNotification, type CircuitProof, type ProofSummary } from '@shared/domain'
import type { HealthAlertRule, NotificationSource } from '@shared/notification-rules'
import { routeForNotification, routeForTarget } from './routes'

export interface NotifyCandidate {
  /** Identity across sources, for de-duplication and read state: `<kind>:<id>`. */
  key: string
  source: NotificationSource
  title: string
  body: string
  /** Where a click on it goes. */
  route: string
  /** The watched address, for transactions. */
  address: string | null
  /** The followed circuit, for its proofs. */
  circuitId: string | null
  /** A transaction that failed. */
  failed: boolean
  /** Epoch ms it was seen. */
  at: number
  /** A health alert: the rule that governs it. */
  alert?: HealthAlertRule
  /** Why it may pop up, in words (reason.ts): the pop-up's last line. */
  reason?: string
}

/** Any `{event, payload}`: bridge events, and events the contract may add later. */
export interface EventLike {
  event: string
  payload: unknown
}

export interface CandidateOptions {
  /** How a watched address is named in a notification (its label); shortened by default. */
  describeAddress?: (address: string) => string
  /** How a circuit is named (shared/circuit-label.ts); "Circuit #id" by default. */
  describeCircuit?: (circuitId: string) => string
}

/** "Groth16 proof", or "Proof" when the type is not known. */
export function proofTypeLabel(proof: ProofSummary): string {
  const type = proof.proofType
  if (!type) return 'Proof'
  return `${type.charAt(0).toUpperCase()}${type.slice(1).toLowerCase()} proof`
}

function proofBody(proof: ProofSummary): string {
  return `${proofTypeLabel(proof)} ${shortId(proof.proofAccount)}`
}

const ACTIVITY_KINDS: ReadonlySet<string> = new Set(ACTIVITY_NOTIFICATION_KINDS)

function fromNotification(notification: AppNotification, at: number): NotifyCandidate | null {
  // Already read (in the centre): nothing new to tell.
  if (notification.read === true) return null
  // The centre's copy of a proof or transaction: the event itself is the candidate, under its own rules.
  if (ACTIVITY_KINDS.has(notification.kind)) return null
  return {
    key: `notification:${notification.id}`,
    source: 'notifications',
    title: notification.title,
    body: notification.body,
    route: routeForNotification(notification),
    address: null,
    circuitId: null,
    failed: false,
    at,
  }
}

/** A new proof of the user's (shared with entry-builder.ts, which adds why). */
export function userProofCandidate(proof: ProofSummary, at: number, circuit: (id: string) => string): NotifyCandidate {
  return {
    key: `proof:${proof.proofAccount}`,
    source: 'userProofs',
    title: 'New proof',
    body: proof.circuitId ? `${proofBody(proof)} on ${circuit(proof.circuitId)}` : proofBody(proof),
    route: routeForTarget({ kind: 'proof', id: proof.proofAccount }),
    address: null,
    circuitId: null,
    failed: false,
    at,
  }
}

/** A new proof on a followed circuit (shared with entry-builder.ts, which adds why). */
export function circuitProofCandidate({ circuitId, proof }: CircuitProof, at: number, circuit: (id: string) => string): NotifyCandidate {
  return {
    key: `proof:${proof.proofAccount}`,
    source: 'circuits',
    title: circuitId ? `New proof on ${circuit(circuitId)}` : 'New proof on a followed circuit',
    body: proofBody(proof),
    route: routeForTarget({ kind: 'proof', id: proof.proofAccount }),
    address: null,
    circuitId,
    failed: false,
    at,
  }
}

/** A new (or failed) transaction of a watched address (shared with entry-builder.ts, which adds why). */
export function addressTransactionCandidate(item: AddressTransaction, at: number, describe: (address: string) => string): NotifyCandidate {
  const { transaction } = item
  const failed = transaction.status?.toUpperCase() === 'FAILED'
  return {
    key: `transaction:${transaction.signature}`,
    source: 'addresses',
    title: failed ? 'Transaction failed' : 'New transaction',
    body: `${describe(item.address)}: ${shortId(transaction.signature)}`,
    route: routeForTarget({ kind: 'transaction', id: transaction.signature }),
    address: item.address,
    circuitId: null,
    failed,
    at,
  }
}

/**
 * A proof found revoked by re-reading its authority's proofs (revocations are
 * never pushed, docs/wire.md): the user's own (the `proofRevoked` health
 * rule, as the indexer's PROOF_REVOKED) or a watched authority's (that rule
 * and the `addresses` rules, with that address).
 */
export function revokedCandidate(proof: ProofSummary, own: boolean, at: number, describeAddress: (address: string) => string = shortId): NotifyCandidate {
  const whose = own ? 'Your proof' : proof.authority ? `A proof of ${describeAddress(proof.authority)}` : 'A watched proof'
  return {
    key: `revoked:${proof.proofAccount}`,
    // The user's own under the health rule the indexer's PROOF_REVOKED already has; a watched one under its address too.
    source: own ? 'health' : 'addresses',
    alert: 'proofRevoked',
    title: 'Proof revoked',
    body: `${whose} was revoked: ${proofBody(proof)}`,
    route: routeForTarget({ kind: 'proof', id: proof.proofAccount }),
    address: own ? null : proof.authority,
    circuitId: null,
    failed: false,
    at,
  }
}

function isProofSummary(value: unknown): value is ProofSummary {
  return typeof value === 'object' && value !== null && typeof (value as ProofSummary).proofAccount === 'string'
}

/** A `circuitProofs` item (`{ circuitId, proof }`), its proof naming that circuit. */
function circuitProof(item: unknown): CircuitProof | null {
  if (typeof item !== 'object' || item === null) return null
  const { proof, circuitId } = item as Partial<CircuitProof>
  if (!isProofSummary(proof) || typeof circuitId !== 'string') return null
  return { circuitId, proof: proof.circuitId === circuitId ? proof : { ...proof, circuitId } }
}

function isAddressTransaction(value: unknown): value is AddressTransaction {
  if (typeof value !== 'object' || value === null) return false
  const { address, transaction } = value as Partial<AddressTransaction>
  return typeof address === 'string' && typeof transaction?.signature === 'string'
}

function isNotification(value: unknown): value is AppNotification {
  if (typeof value !== 'object' || value === null) return false
  const { id, title, body } = value as Partial<AppNotification>
  return typeof id === 'string' && typeof title === 'string' && typeof body === 'string'
}

/** The notifiable events of one batch, in order. Items of the wrong shape are skipped. */
export function candidatesFromBatch(batch: readonly EventLike[], at: number, options: CandidateOptions = {}): NotifyCandidate[] {
  const describe = options.describeAddress ?? shortId
  const circuit = options.describeCircuit ?? ((id: string) => circuitLabel(id))
  const candidates: NotifyCandidate[] = []
  for (const { event, payload } of batch) {
    if (!Array.isArray(payload)) continue
    for (const item of payload as unknown[]) {
      let candidate: NotifyCandidate | null = null
      if (event === 'notifications' && isNotification(item)) candidate = fromNotification(item, at)
      else if (event === 'userProofs' && isProofSummary(item)) candidate = userProofCandidate(item, at, circuit)
      else if (event === 'circuitProofs') {
        const proof = circuitProof(item)
        if (proof) candidate = circuitProofCandidate(proof, at, circuit)
      } else if (event === 'addressTransactions' && isAddressTransaction(item)) {
        candidate = addressTransactionCandidate(item, at, describe)
      }
      if (candidate) candidates.push(candidate)
    }
  }
  return candidates
}
