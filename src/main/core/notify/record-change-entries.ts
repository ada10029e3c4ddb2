/**
 * A stored proof revoked under its id (history-writer.ts RecordChange) as a
 * notification-centre entry and the candidate the decision path judges: a
 * health alert under the rule for revoked proofs, like the indexer's own
 * PROOF_REVOKED. The proof page says what changed.
 */
import type { AppNotification } from '@shared/domain'
import { shortId } from '@shared/ids'
import type { RecordChange } from '../history/history-writer'
import type { NotifyCandidate } from './candidates'
import { routeForTarget } from './routes'

/** The entry and candidate for a proof that became revoked; null for other changes (they are logged). */
export function revokedChangeEntry(change: RecordChange, at: number): { entry: AppNotification; candidate: NotifyCandidate } | null {
  if (change.field !== 'revoked' || change.after !== true) return null
  const id = `HEALTH:revoked:${change.proofAccount}`
  const title = 'Proof revoked'
  const body = `Proof ${shortId(change.proofAccount)} was verified when it was saved and is now revoked.`
  const subject = { kind: 'proof' as const, id: change.proofAccount }
  const entry: AppNotification = {
    id,
    kind: 'PROOF_REVOKED',
    title,
    body,
    receivedAt: at,
    read: false,
    subject,
    topic: null,
    raw: { id, type: 'PROOF_REVOKED', title, body, proofAccount: change.proofAccount, before: change.before, after: change.after },
    extra: {},
  }
  const candidate: NotifyCandidate = {
    key: `health:revoked:${change.proofAccount}`,
    source: 'health',
    alert: 'proofRevoked',
    title,
    body,
    route: routeForTarget(subject),
    address: null,
    circuitId: null,
    failed: false,
    at,
  }
  return { entry, candidate }
}
