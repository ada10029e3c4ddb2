/**
 * What the demo's notifications say. The wire carries only a title and a
 * body, and the app shows them as they are, so they are plain English:
 * circuits by their readable label, never by their snake_case chain name.
 */
import type { DemoCircuit } from './catalog'
import type { DemoNotificationKind } from './records'

export interface NotificationText {
  readonly title: string
  readonly body: string
}

/** Notices the indexer itself sends (`SYSTEM`). */
export const SYSTEM_NOTICES: readonly NotificationText[] = [
  { title: 'Indexer maintenance', body: 'The indexer will restart briefly; live updates resume on their own' },
  { title: 'Indexer catching up', body: 'The indexer is a few slots behind the network; figures may lag for a minute' },
  { title: 'Indexer updated', body: 'A new version of the indexer is running; nothing needs to be done' },
]

export type CircuitNotificationKind = Exclude<DemoNotificationKind, 'SYSTEM'>

/** The text of a notice about the demo user's proof of `circuit`, or about `circuit` itself. */
export function circuitNotificationText(kind: CircuitNotificationKind, circuit: DemoCircuit): NotificationText {
  const label = circuit.proofLabel
  switch (kind) {
    case 'PROOF_VERIFIED':
      return { title: 'Proof verified', body: `Your ${label} was verified` }
    case 'PROOF_REVOKED':
      return { title: 'Proof revoked', body: `Your ${label} was revoked` }
    case 'CIRCUIT_REGISTERED':
      return { title: 'Circuit registered', body: `New circuit registered: ${label}s can now be verified` }
  }
}
