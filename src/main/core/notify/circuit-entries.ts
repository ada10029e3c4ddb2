/**
 * A change of the indexer's circuit list (never pushed, docs/wire.md; found
 * by session/circuit-watch.ts) as one notification-centre entry, the way a
 * health alert is one: a circuit added, or disabled where it matters to the
 * user (one that the user's proofs or the watched addresses' proofs use). A
 * circuit disabled that nobody the user follows uses, a rename, a drop or a
 * circuit enabled again is left to the log.
 */
import type { AppNotification, Subject } from '@shared/domain'
import { circuitLabel } from '@shared/circuit-label'
import type { CircuitChange } from '../session/circuit-watch'
import type { NotifyCandidate } from './candidates'
import { routeForTarget, ROUTES } from './routes'

export function circuitChangeEntry(
  change: CircuitChange,
  /** Circuit ids that the user's proofs or watched proofs use. */
  used: ReadonlySet<string>,
  at: number,
  describeCircuit: (circuitId: string) => string = (id) => circuitLabel(id),
): { entry: AppNotification; candidate: NotifyCandidate } | null {
  const disabled = change.disabled.filter((id) => used.has(id))
  const added = change.added
  if (disabled.length === 0 && added.length === 0) return null
  const names = (ids: string[]) => ids.map(describeCircuit).join(', ')
  const title =
    added.length === 0
      ? disabled.length === 1 ? 'Circuit disabled' : `${disabled.length} circuits disabled`
      : disabled.length === 0
        ? added.length === 1 ? 'Circuit added' : `${added.length} circuits added`
        : 'Circuits changed'
  const parts: string[] = []
  if (disabled.length > 0) parts.push(`${names(disabled)} no longer accepted by the indexer; proofs you follow use ${disabled.length === 1 ? 'it' : 'them'}`)
  if (added.length > 0) parts.push(`New on the indexer: ${names(added)}`)
  const body = parts.join('. ')
  const only = [...disabled, ...added]
  const subject: Subject | null = only.length === 1 ? { kind: 'circuit', id: only[0] as string } : null
  const id = `CIRCUITS:${at}`
  const entry: AppNotification = {
    id,
    kind: 'CIRCUITS_CHANGED',
    title,
    body,
    receivedAt: at,
    read: false,
    subject,
    topic: null,
    raw: { id, type: 'CIRCUITS_CHANGED', title, body, added, disabled },
    extra: {},
  }
  const candidate: NotifyCandidate = {
    key: `circuits:${at}`,
    // The circuits switch of the user's rules governs it, and a muted circuit stays quiet.
    source: 'circuits',
    title,
    body,
    route: subject ? routeForTarget(subject) : ROUTES.watchlist,
    address: null,
    circuitId: only.length === 1 ? (only[0] as string) : null,
    failed: false,
    at,
  }
  return { entry, candidate }
}
