/** A health alert as a notification-centre entry and the candidate the decision path judges. */
import type { AppNotification } from '@shared/domain'
import type { HealthAlertRule } from '@shared/notification-rules'
import type { NotifyCandidate } from './candidates'
import type { HealthAlert, HealthAlertKind } from './health-watch'
import { ROUTES } from './routes'
import { reasonFor } from './reason'

const RULE_OF: Record<HealthAlertKind, HealthAlertRule> = {
  unreachable: 'unreachable',
  reachable: 'unreachable',
  status: 'statusNotOnline',
  'status-online': 'statusNotOnline',
  stalled: 'stalled',
  advancing: 'stalled',
  'chain-restarted': 'stalled',
}

/** The rule of a stored health entry (its raw `alert`); null when it names none. */
export function healthRuleOf(alertKind: unknown): HealthAlertRule | null {
  return typeof alertKind === 'string' && Object.hasOwn(RULE_OF, alertKind) ? RULE_OF[alertKind as HealthAlertKind] : null
}

export function healthEntry(alert: HealthAlert): { entry: AppNotification; candidate: NotifyCandidate } {
  const id = `HEALTH:${alert.kind}:${alert.at}`
  const entry: AppNotification = {
    id,
    kind: 'HEALTH',
    title: alert.title,
    body: alert.body,
    receivedAt: alert.at,
    read: false,
    subject: null,
    topic: null,
    raw: { id, type: 'HEALTH', title: alert.title, body: alert.body, alert: alert.kind },
    extra: {},
    reason: reasonFor({ source: 'health' }),
  }
  const candidate: NotifyCandidate = {
    key: `health:${alert.kind}:${alert.at}`,
    source: 'health',
    alert: RULE_OF[alert.kind],
    title: alert.title,
    body: alert.body,
    // The connection's state and history are in Settings.
    route: ROUTES.settings,
    address: null,
    circuitId: null,
    failed: false,
    at: alert.at,
    reason: entry.reason?.text,
  }
  return { entry, candidate }
}
