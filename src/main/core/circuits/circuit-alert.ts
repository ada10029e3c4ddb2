/**
 * Changes to circuits the user relies on as one notification-centre entry
 * and the candidate the decision path judges (as health alerts are), said
 * plainly: which circuit, what changed, and what it means for their proofs.
 */
import { circuitLabel } from '@shared/circuit-label'
import { CIRCUIT_ALERT_ID_PREFIX } from '@shared/circuits'
import type { AppNotification } from '@shared/domain'
import type { NotifyCandidate } from '../notify/candidates'
import type { CircuitKeyChange } from './key-fingerprint'

/** Where the entry leads: the Circuits view, on the circuit when there is one. */
export function circuitsRoute(circuitId?: string): string {
  return circuitId === undefined ? '/circuits' : `/circuits?id=${encodeURIComponent(circuitId)}`
}

function sentence(change: CircuitKeyChange): string {
  const name = `${circuitLabel(change.id, change.name)} (#${change.id})`
  if (change.kind === 'disabled') return `${name} was disabled: the indexer verifies no new proofs with it.`
  return `The verifying key of ${name} changed (fingerprint ${change.before} → ${change.after}): proofs verified before were checked against the old key.`
}

function title(changes: readonly CircuitKeyChange[]): string {
  const [first] = changes
  if (changes.length > 1 || first === undefined) return `${changes.length} circuits your proofs use changed`
  const name = circuitLabel(first.id, first.name)
  return first.kind === 'disabled' ? `Circuit ${name} was disabled` : `Circuit ${name} has a new verifying key`
}

/** One entry for all that one read found (never empty `changes`). */
export function circuitAlertEntry(changes: readonly CircuitKeyChange[], at: number): { entry: AppNotification; candidate: NotifyCandidate } {
  const circuitIds = [...new Set(changes.map((change) => change.id))]
  // A HEALTH id: the core's own entry, never sent to the indexer's read state (indexer-inbox.ts).
  const id = `${CIRCUIT_ALERT_ID_PREFIX}${circuitIds.join(',')}:${at}`
  const body = `${changes.map(sentence).join(' ')} Your proofs or watched proofs use ${circuitIds.length > 1 ? 'these circuits' : 'this circuit'}.`
  const only = circuitIds.length === 1 ? circuitIds[0] : undefined
  const entry: AppNotification = {
    id,
    kind: 'HEALTH',
    title: title(changes),
    body,
    receivedAt: at,
    read: false,
    subject: only === undefined ? null : { kind: 'circuit', id: only },
    topic: null,
    raw: { id, type: 'HEALTH', title: title(changes), body, alert: 'circuits', changes: changes.map((change) => ({ ...change })) },
    extra: {},
  }
  const candidate: NotifyCandidate = {
    key: `health:circuits:${circuitIds.join(',')}:${at}`,
    source: 'health',
    title: entry.title,
    body,
    route: circuitsRoute(only),
    address: null,
    circuitId: only ?? null,
    failed: false,
    at,
  }
  return { entry, candidate }
}
