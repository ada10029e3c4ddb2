import type { RouteLocationRaw } from 'vue-router'
import type { AppNotification, NotificationKind } from '@shared/domain'
import { readableEnum } from '@renderer/format/text'
import { CIRCUIT_ALERT_ID_PREFIX } from '@shared/circuits'

export interface SubjectLink {
  to: RouteLocationRaw
  text: string
}

/** The view a notification is about, when it names one. */
export function subjectLink(notification: AppNotification): SubjectLink | null {
  // An alert about circuits (a key changed, a circuit disabled): the Circuits view, on the circuit when it names one.
  if (notification.kind === 'HEALTH' && notification.id.startsWith(CIRCUIT_ALERT_ID_PREFIX)) {
    const circuitId = notification.subject?.kind === 'circuit' ? notification.subject.id : null
    return { to: { name: 'circuits', query: circuitId ? { id: circuitId } : {} }, text: 'Open circuits' }
  }
  // A health alert is about the indexer connection, which Settings shows.
  if (notification.kind === 'HEALTH') return { to: { name: 'settings' }, text: 'Open settings' }
  const subject = notification.subject
  if (!subject || !subject.id) return null
  switch (subject.kind) {
    case 'transaction':
      return { to: { name: 'transaction', params: { signature: subject.id } }, text: 'Open transaction' }
    case 'proof':
      return { to: { name: 'proof', params: { account: subject.id } }, text: 'Open proof' }
    case 'address':
      return { to: { name: 'address', params: { pubkey: subject.id } }, text: 'Open address' }
    case 'circuit':
      return { to: { name: 'watchlist', query: { circuit: subject.id } }, text: 'Open circuit' }
    default:
      return null
  }
}

const KIND_TEXT: Record<string, string> = {
  PROOF_VERIFIED: 'Proof verified',
  PROOF_REVOKED: 'Proof revoked',
  CIRCUIT_REGISTERED: 'Circuit registered',
  SYSTEM: 'System',
  HEALTH: 'Health alert',
  USER_PROOF: 'My proof',
  ADDRESS_TRANSACTION: 'Watched address',
  CIRCUIT_PROOF: 'Followed circuit',
}

/** A kind in words; one the app does not know is still shown, readably. */
export function kindText(kind: NotificationKind): string {
  return KIND_TEXT[kind] ?? readableEnum(kind)
}

export function kindTone(kind: NotificationKind): 'ok' | 'bad' | 'warn' | '' {
  if (kind === 'PROOF_VERIFIED') return 'ok'
  if (kind === 'PROOF_REVOKED') return 'bad'
  if (kind === 'SYSTEM' || kind === 'HEALTH') return 'warn'
  return ''
}
