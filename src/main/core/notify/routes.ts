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
  watchlist: '/watchlist',
  address: '/address',
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
      // The address's timeline: cached and live transactions, and its watch state.
      return `${ROUTES.address}/${id}`
    case 'circuit':
      // No circuit view of its own: the watchlist shows a followed circuit and its activity.
      return `${ROUTES.watchlist}?circuit=${id}`
  }
}

const SUBJECT_KINDS: ReadonlySet<string> = new Set<Subject['kind']>(['transaction', 'proof', 'address', 'circuit'])

/** A notification opens what it is about, or the notification centre when it is about nothing in particular. */
export function routeForNotification(notification: AppNotification): string {
  const subject = notification.subject
  const usable = subject && SUBJECT_KINDS.has(subject.kind) && typeof subject.id === 'string' && subject.id !== ''
  return usable ? routeForTarget(subject) : ROUTES.notifications
}
