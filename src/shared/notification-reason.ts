/**
 * Why a centre entry or a pop-up exists: the rule (notification source) that
 * let it through, and in words what it was about ("because you watch 5nrh…shmy
 * · rule 'Watched addresses' · burst of 12 grouped"). Main writes the words
 * (src/main/core/notify/reason.ts); the page shows them and links to the rule.
 */
import { NOTIFICATION_SOURCES, type NotificationSource } from './notification-rules'

export interface NotificationReason {
  source: NotificationSource
  text: string
}

/** Each source as the settings name its switch. */
export const RULE_LABELS: Record<NotificationSource, string> = {
  notifications: 'Indexer notifications',
  userProofs: 'My new and verified proofs',
  circuits: 'Followed circuits',
  addresses: 'Watched addresses',
  health: 'Health alerts',
}

/** Longest reason kept: a short last line. */
export const REASON_TEXT_MAX = 160

/** The settings page with a source's switch focused. */
export function ruleRoute(source: NotificationSource): string {
  return `/settings?rule=${source}`
}

export function isNotificationSource(value: unknown): value is NotificationSource {
  return typeof value === 'string' && (NOTIFICATION_SOURCES as readonly string[]).includes(value)
}

/** A stored or received reason, or null when it is missing or not one (older entries have none). */
export function reasonOf(value: unknown): NotificationReason | null {
  if (typeof value !== 'object' || value === null) return null
  const { source, text } = value as Partial<NotificationReason>
  if (!isNotificationSource(source) || typeof text !== 'string') return null
  return { source, text: text.slice(0, REASON_TEXT_MAX) }
}
