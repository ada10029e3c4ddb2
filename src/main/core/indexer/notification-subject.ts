/**
 * The subject a notification names on the wire (`data.url`, or a signature or
 * proof account of its own): read here, where the wire names are known.
 */
import type { AppNotification, Subject } from '@shared/domain'

/** The subject a notification's `data.url` (or a field of its own) names. */
export function subjectOfNotification(notification: AppNotification): Subject | null {
  if (notification.subject) return notification.subject
  const raw = notification.raw
  const data = raw.data
  const url = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).url : undefined
  if (typeof url === 'string') {
    const match = /\/explorer\/(proof|address|tx|transaction|circuit)\/([^/?#]+)/.exec(url)
    if (match) {
      const id = decodeURIComponent(match[2]!)
      const kind = match[1] === 'tx' ? 'transaction' : (match[1] as Subject['kind'])
      if (id !== '') return { kind, id }
    }
  }
  if (typeof raw.signature === 'string' && raw.signature !== '') return { kind: 'transaction', id: raw.signature }
  if (typeof raw.proofAccount === 'string' && raw.proofAccount !== '') return { kind: 'proof', id: raw.proofAccount }
  return null
}
