import type { AppNotification } from '@shared/domain'

/**
 * A centre entry sent or written again (a growing burst's one entry), as the
 * later version with the subject, topic and reason of the earlier one where it has
 * none: what an upsert of the two in a row leaves, and what the page merges.
 * No key is set to undefined, so JSON and structured clone carry the same.
 */
export function laterVersion(earlier: AppNotification, later: AppNotification): AppNotification {
  const merged = { ...later }
  if (merged.subject == null && earlier.subject != null) merged.subject = earlier.subject
  if (merged.topic == null && earlier.topic != null) merged.topic = earlier.topic
  if (merged.reason == null && earlier.reason != null) merged.reason = earlier.reason
  return merged
}
