/**
 * Where a click takes the user: renderer route paths (hash-router paths of
 * src/renderer/src/router) for notifications, deep links and tray items.
 */
import type { AppNotification, Subject } from '@shared/domain'

/** Subjects that have a view of their own and an explorer page. */
export type LinkKind = 'transaction' | 'proof' | 'address'

export interface LinkTarget extends Subject {
  kind: LinkKind
}

export const ROUTES = {
  dashboard: '/',
  proofs: '/proofs',
  transactions: '/transactions',
  notifications: '/notifications',
  settings: '/settings',
} as const

export function routeForTarget(target: Subject): string {
  const id = encodeURIComponent(target.id)
  switch (target.kind) {
    case 'transaction':
      return `${ROUTES.transactions}/${id}`
    case 'proof':
      return `${ROUTES.proofs}/${id}`
    case 'address':
      // The transactions explorer filtered by the address: fee payer or any account.
      return `${ROUTES.transactions}?pubkey=${id}`
    case 'circuit':
      // No circuit view: the proofs explorer lists them, and the watchlist shows the circuit.
      return ROUTES.proofs
  }
}

const SUBJECT_KINDS: ReadonlySet<string> = new Set<Subject['kind']>(['transaction', 'proof', 'address', 'circuit'])

/** A notification opens what it is about, or the notification centre when it is about nothing in particular. */
export function routeForNotification(notification: AppNotification): string {
  const subject = notification.subject
  const usable = subject && SUBJECT_KINDS.has(subject.kind) && typeof subject.id === 'string' && subject.id !== ''
  return usable ? routeForTarget(subject) : ROUTES.notifications
}
