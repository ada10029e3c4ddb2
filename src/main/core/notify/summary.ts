/**
 * What one native notification says for the events it stands for: the event
 * itself when there is one, a summary ('37 new proofs') when there are more.
 * A digest counts every event but keeps only the few a summary quotes, so a
 * flood held back for a minute costs no memory.
 */
import type { Notice, NoticeKind } from '@shared/notice'
import type { NotificationSource } from '@shared/notification-rules'
import { NOTIFICATION_SOURCES } from '@shared/notification-rules'
import type { NotifyCandidate } from './candidates'
import { shortId } from '@shared/ids'
import { ROUTES, routeForTarget } from './routes'
import { summaryReasonText } from './reason'

/** What one pop-up says; shown natively on the desktop, by the page in serve mode. */
export type NativeNotice = Notice

const QUOTED = 3

export class Digest {
  count = 0
  failed = 0
  /** Failed transactions and revoked proofs: what the user must hear of. */
  alerts = 0
  readonly bySource: Record<NotificationSource, number> = { notifications: 0, userProofs: 0, circuits: 0, addresses: 0, health: 0 }
  /** The first few events, quoted in a summary. */
  readonly first: NotifyCandidate[] = []
  /** Up to two distinct addresses: enough to know whether all transactions are of one. */
  readonly addresses = new Set<string>()

  add(candidate: NotifyCandidate): void {
    this.count++
    this.bySource[candidate.source]++
    if (candidate.failed) this.failed++
    if (candidate.failed || candidate.alert === 'proofRevoked') this.alerts++
    if (this.first.length < QUOTED) this.first.push(candidate)
    if (candidate.address !== null && this.addresses.size < 2) this.addresses.add(candidate.address)
  }

  get isEmpty(): boolean {
    return this.count === 0
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** Each source's share of a summary, in words. */
function sourcePhrase(source: NotificationSource, count: number, digest: Digest): string {
  switch (source) {
    case 'notifications':
      return plural(count, 'notification', 'notifications')
    case 'health':
      return plural(count, 'health alert', 'health alerts')
    case 'userProofs':
      return plural(count, 'new proof', 'new proofs')
    case 'circuits':
      return plural(count, 'new proof on followed circuits', 'new proofs on followed circuits')
    case 'addresses':
      return digest.failed === count
        ? plural(count, 'failed transaction', 'failed transactions')
        : plural(count, 'transaction on watched addresses', 'transactions on watched addresses')
  }
}

function quoted(digest: Digest, line: (candidate: NotifyCandidate) => string): string {
  const lines = digest.first.map(line)
  const rest = digest.count - lines.length
  return rest > 0 ? `${lines.join(', ')} and ${rest} more` : lines.join(', ')
}

function singleSourceNotice(source: NotificationSource, digest: Digest, describeAddress: (pubkey: string) => string): Omit<NativeNotice, 'kind'> {
  const count = digest.count
  const base = { count, key: null }
  switch (source) {
    case 'notifications':
    case 'health':
      return { ...base, title: sourcePhrase(source, count, digest), body: quoted(digest, (c) => c.title), route: ROUTES.notifications }
    case 'userProofs':
    case 'circuits':
      return { ...base, title: sourcePhrase(source, count, digest), body: quoted(digest, (c) => c.body), route: ROUTES.proofs }
    case 'addresses': {
      const [only] = digest.addresses
      const oneAddress = digest.addresses.size === 1 && only !== undefined
      const kind = digest.failed === count ? 'failed transactions' : 'transactions'
      return {
        ...base,
        title: oneAddress ? `${count} ${kind} on ${describeAddress(only)}` : sourcePhrase(source, count, digest),
        body: quoted(digest, (c) => c.body),
        route: oneAddress ? routeForTarget({ kind: 'address', id: only }) : ROUTES.transactions,
      }
    }
  }
}

/** The most important kind among the digest's events: a page's toast switch for it decides. */
export function noticeKind(digest: Digest): NoticeKind {
  if (digest.alerts > 0) return 'alerts'
  if (digest.bySource.health > 0) return 'health'
  if (digest.bySource.addresses > 0) return 'watched'
  if (digest.bySource.circuits > 0) return 'circuits'
  if (digest.bySource.userProofs > 0) return 'ownProofs'
  return 'other'
}

/** The one native notification for everything in `digest` (which must hold at least one event); an address as `describeAddress` names it. */
export function noticeFor(digest: Digest, describeAddress: (pubkey: string) => string = shortId): NativeNotice {
  const reason = noticeReason(digest, describeAddress)
  return { ...noticeWords(digest, describeAddress), kind: noticeKind(digest), ...(reason === null ? {} : { reason }) }
}

function noticeReason(digest: Digest, describeAddress: (pubkey: string) => string): string | null {
  const [single] = digest.first
  if (digest.count === 1) return single?.reason ?? null
  const sources = NOTIFICATION_SOURCES.filter((source) => digest.bySource[source] > 0)
  const [only] = digest.addresses
  const oneAddress = sources.length === 1 && digest.addresses.size === 1 && only !== undefined
  return summaryReasonText(sources, digest.count, oneAddress ? { kind: 'address', name: describeAddress(only) } : null)
}

function noticeWords(digest: Digest, describeAddress: (pubkey: string) => string): Omit<NativeNotice, 'kind'> {
  const [single] = digest.first
  if (digest.count === 1 && single) {
    return { title: single.title, body: single.body, route: single.route, count: 1, key: single.key }
  }
  const present = NOTIFICATION_SOURCES.filter((source) => digest.bySource[source] > 0)
  if (present.length === 1) return singleSourceNotice(present[0]!, digest, describeAddress)
  return {
    title: `${digest.count} new events`,
    body: present.map((source) => sourcePhrase(source, digest.bySource[source], digest)).join(' · '),
    route: ROUTES.notifications,
    count: digest.count,
    key: null,
  }
}
